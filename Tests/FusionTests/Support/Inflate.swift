/// A small DEFLATE decoder (RFC 1951) for the zlib streams (RFC 1950) inside MATLAB v5 files, so that the BROAD
/// regression test can read the data set without Python or a zlib system library.
///
/// Canonical Huffman codes decoded bit by bit (the tinf method: counts per code length, symbols in code order).
/// Throws on malformed input instead of trapping.
enum Inflate {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Decompresses a zlib stream (2-byte header, DEFLATE data; the Adler-32 trailer is not checked).
    static func zlib(_ bytes: ArraySlice<UInt8>) throws(Failure) -> [UInt8] {
        guard bytes.count >= 2, bytes[bytes.startIndex] & 0x0F == 8 else {
            throw Failure(description: "not a zlib stream with DEFLATE compression")
        }
        return try inflate(bytes.dropFirst(2))
    }

    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: ArraySlice<Int>) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            for (symbol, length) in zip(0..., lengths) where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    struct BitReader {
        let bytes: [UInt8]
        var position = 0
        var bit = 0

        mutating func bits(_ count: Int) throws(Failure) -> Int {
            var value = 0
            for index in 0..<count {
                guard position < bytes.count else { throw Failure(description: "DEFLATE stream ends early") }
                value |= Int((bytes[position] >> UInt8(bit)) & 1) << index
                bit += 1
                if bit == 8 {
                    bit = 0
                    position += 1
                }
            }
            return value
        }

        mutating func decode(_ code: Huffman) throws(Failure) -> Int {
            var sum = 0, current = 0
            for length in 1..<16 {
                current = 2 * current + (try bits(1))
                sum += code.counts[length]
                current -= code.counts[length]
                if current < 0 { return code.symbols[sum + current] }
            }
            throw Failure(description: "invalid Huffman code")
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                             131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                               2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                13, 13]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static func inflate(_ input: ArraySlice<UInt8>) throws(Failure) -> [UInt8] {
        var reader = BitReader(bytes: Array(input))
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3)
        var final = 0
        repeat {
            final = try reader.bits(1)
            switch try reader.bits(2) {
            case 0:
                if reader.bit != 0 {
                    reader.bit = 0
                    reader.position += 1
                }
                guard reader.position + 4 <= reader.bytes.count else { throw Failure(description: "stored block cut") }
                let length = Int(reader.bytes[reader.position]) | Int(reader.bytes[reader.position + 1]) << 8
                reader.position += 4
                guard reader.position + length <= reader.bytes.count else { throw Failure(description: "stored block cut") }
                output += reader.bytes[reader.position..<reader.position + length]
                reader.position += length
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for index in 144..<256 { lengths[index] = 9 }
                for index in 256..<280 { lengths[index] = 7 }
                try block(&reader, &output, Huffman(lengths: lengths[...]),
                          Huffman(lengths: [Int](repeating: 5, count: 30)[...]))
            case 2:
                let literalCount = try reader.bits(5) + 257
                let distanceCount = try reader.bits(5) + 1
                let codeLengthCount = try reader.bits(4) + 4
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
                let codeLengthCode = Huffman(lengths: codeLengths[...])
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try reader.decode(codeLengthCode)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw Failure(description: "repeat without length") }
                        lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
                    }
                }
                guard lengths.count == literalCount + distanceCount else {
                    throw Failure(description: "code lengths overflow")
                }
                try block(&reader, &output, Huffman(lengths: lengths[..<literalCount]),
                          Huffman(lengths: lengths[literalCount...]))
            default:
                throw Failure(description: "reserved DEFLATE block type")
            }
        } while final == 0
        return output
    }

    static func block(
        _ reader: inout BitReader, _ output: inout [UInt8], _ literals: Huffman, _ distances: Huffman
    ) throws(Failure) {
        while true {
            let symbol = try reader.decode(literals)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(description: "invalid length code") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let code = try reader.decode(distances)
                guard code < distanceBase.count else { throw Failure(description: "invalid distance code") }
                let distance = distanceBase[code] + (try reader.bits(distanceExtra[code]))
                guard distance <= output.count else { throw Failure(description: "distance beyond the output") }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}
