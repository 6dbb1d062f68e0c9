/// A small DEFLATE decoder (RFC 1951) for the zlib streams (RFC 1950) inside MATLAB v5 files, so that the BROAD
/// tests (regression and golden outputs) can read the data set without Python or a zlib system library.
///
/// Canonical Huffman codes: a 10-bit lookup table decodes the short (frequent) codes at once, the tinf method
/// (counts per code length, symbols in code order) the rest bit by bit. Bits come from a 64-bit buffer refilled a
/// byte at a time. Written for an unoptimised test build: a BROAD trial (3–4 MB) decodes in about a second.
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
        static let fastBits = 10

        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]
        /// Indexed by the next `fastBits` bits of the stream: symbol << 4 | code length, or 0 for a longer code.
        var fast = [Int](repeating: 0, count: 1 << fastBits)

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
            // Canonical codes in (length, symbol) order; the stream holds each code's bits first bit first, so the
            // table is indexed by the code bit-reversed, padded with every value of the unread high bits.
            var code = 0, index = 0
            for length in 1..<16 {
                for _ in 0..<counts[length] {
                    if length <= Self.fastBits {
                        var reversed = 0
                        for bit in 0..<length where code & (1 << (length - 1 - bit)) != 0 { reversed |= 1 << bit }
                        var entry = reversed
                        while entry < 1 << Self.fastBits {
                            fast[entry] = symbols[index] << 4 | length
                            entry += 1 << length
                        }
                    }
                    code += 1
                    index += 1
                }
                code <<= 1
            }
        }
    }

    struct BitReader {
        let bytes: [UInt8]
        var position = 0
        var buffer: UInt64 = 0
        var count = 0

        /// Fills the buffer to at least 57 bits, or with all that is left.
        mutating func refill() {
            while count <= 56, position < bytes.count {
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
                count += 8
            }
        }

        mutating func bits(_ wanted: Int) throws(Failure) -> Int {
            if count < wanted {
                refill()
                guard count >= wanted else { throw Failure(description: "DEFLATE stream ends early") }
            }
            let value = Int(buffer & ((1 << UInt64(wanted)) - 1))
            buffer >>= UInt64(wanted)
            count -= wanted
            return value
        }

        /// Drops the bits up to the next byte boundary (before a stored block).
        mutating func align() {
            buffer >>= UInt64(count % 8)
            count -= count % 8
        }

        mutating func decode(_ code: Huffman) throws(Failure) -> Int {
            if count < Huffman.fastBits { refill() }
            let entry = code.fast[Int(buffer & ((1 << UInt64(Huffman.fastBits)) - 1))]
            if entry != 0, entry & 15 <= count {
                buffer >>= UInt64(entry & 15)
                count -= entry & 15
                return entry >> 4
            }
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
                reader.align()
                let length = try reader.bits(16)
                _ = try reader.bits(16)  // one's complement of the length
                for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
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
