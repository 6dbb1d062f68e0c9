import Foundation

/// A minimal reader for MATLAB level-5 MAT files (little-endian, compressed or not): numeric matrices by name, as
/// column-major `Double`s. Enough for the BROAD trials; other classes (char, struct, cell) are skipped.
///
/// Format: "MAT-File Format", MathWorks, version 7: a 128-byte header, then data elements (type, size, data padded to
/// 8 bytes; "small" elements pack type and size into one word); `miCOMPRESSED` (15) wraps a zlib stream of one element;
/// `miMATRIX` (14) holds flags, dimensions, name and the real part.
public struct MATFile: Sendable {
    /// One numeric matrix, converted to `Double` whatever its stored class.
    public struct Matrix: Sendable {
        /// Number of rows (the first dimension).
        public var rows: Int
        /// Number of columns (the second dimension).
        public var columns: Int
        /// The values, column-major.
        public var values: [Double]

        /// The value at (`row`, `column`), both from 0.
        public subscript(row: Int, column: Int) -> Double { values[column * rows + row] }
    }

    /// Why a file could not be read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The file's numeric two-dimensional matrices by variable name.
    public var matrices: [String: Matrix] = [:]

    /// Reads the file at `path`.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path)")
        }
        let bytes = [UInt8](data)
        guard bytes.count >= 128, bytes[126] == UInt8(ascii: "I"), bytes[127] == UInt8(ascii: "M") else {
            throw Failure(description: "\(path) is not a little-endian MAT v5 file")
        }
        var offset = 128
        while offset + 8 <= bytes.count {
            let type = Self.word(bytes, offset), size = Int(Self.word(bytes, offset + 4))
            guard offset + 8 + size <= bytes.count else { throw Failure(description: "element cut short in \(path)") }
            let body = bytes[(offset + 8)..<(offset + 8 + size)]
            if type == 15 {
                let inner = try Inflate.zlib(body)
                try parseElement(inner[...])
            } else if type == 14 {
                try parseElement(bytes[offset..<(offset + 8 + size)])
            }
            offset += 8 + (type == 15 ? size : (size + 7) / 8 * 8)
        }
    }

    static func word(_ bytes: some RandomAccessCollection<UInt8>, _ offset: Int) -> UInt32 {
        let start = bytes.index(bytes.startIndex, offsetBy: offset)
        var value: UInt32 = 0
        for k in 0..<4 { value |= UInt32(bytes[bytes.index(start, offsetBy: k)]) << (8 * k) }
        return value
    }

    /// Splits `bytes` (one element, starting at its tag) into (type, data, total length with padding).
    static func element(_ bytes: ArraySlice<UInt8>, at offset: Int) throws -> (UInt32, ArraySlice<UInt8>, Int) {
        let base = bytes.startIndex + offset
        guard base + 8 <= bytes.endIndex else { throw Failure(description: "sub-element cut short") }
        let first = word(bytes, offset)
        if first >> 16 != 0 {
            // Small data element: size in the high half, type in the low half, data in the next four bytes.
            let size = Int(first >> 16)
            return (first & 0xFFFF, bytes[(base + 4)..<(base + 4 + size)], 8)
        }
        let size = Int(word(bytes, offset + 4))
        guard base + 8 + size <= bytes.endIndex else { throw Failure(description: "sub-element cut short") }
        return (first, bytes[(base + 8)..<(base + 8 + size)], 8 + (size + 7) / 8 * 8)
    }

    mutating func parseElement(_ bytes: ArraySlice<UInt8>) throws {
        let (type, body, _) = try Self.element(bytes, at: 0)
        guard type == 14 else { return }
        let content = ArraySlice(body)
        var offset = 0
        let (_, flags, flagsLength) = try Self.element(content, at: offset)
        offset += flagsLength
        let matrixClass = Self.word(flags, 0) & 0xFF
        let (_, dimensions, dimensionsLength) = try Self.element(content, at: offset)
        offset += dimensionsLength
        let (_, nameBytes, nameLength) = try Self.element(content, at: offset)
        offset += nameLength
        let name = String(decoding: nameBytes, as: UTF8.self)
        // Numeric classes are 6 (double) … 15 (uint64); char, cell, struct and the rest are skipped.
        guard (6...15).contains(matrixClass), dimensions.count == 8 else { return }
        let rows = Int(Self.word(dimensions, 0)), columns = Int(Self.word(dimensions, 4))
        let (dataType, data, _) = try Self.element(content, at: offset)
        let values = try Self.doubles(data, type: dataType)
        guard values.count == rows * columns else { throw Failure(description: "\(name): size mismatch") }
        matrices[name] = Matrix(rows: rows, columns: columns, values: values)
    }

    static func doubles(_ data: ArraySlice<UInt8>, type: UInt32) throws -> [Double] {
        let bytes = Array(data)
        func read<T>(_: T.Type, _ convert: (T) -> Double) -> [Double] {
            bytes.withUnsafeBytes { raw in
                (0..<(bytes.count / MemoryLayout<T>.size)).map {
                    convert(raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<T>.size, as: T.self))
                }
            }
        }
        switch type {
        case 1: return read(Int8.self) { Double($0) }
        case 2: return read(UInt8.self) { Double($0) }
        case 3: return read(Int16.self) { Double($0) }
        case 4: return read(UInt16.self) { Double($0) }
        case 5: return read(Int32.self) { Double($0) }
        case 6: return read(UInt32.self) { Double($0) }
        case 7: return read(Float.self) { Double($0) }
        case 9: return read(Double.self) { $0 }
        case 12: return read(Int64.self) { Double($0) }
        case 13: return read(UInt64.self) { Double($0) }
        default: throw Failure(description: "unsupported MAT data type \(type)")
        }
    }
}
