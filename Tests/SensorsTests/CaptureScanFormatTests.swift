import IIO
import MotionMath
import Testing
@testable import Sensors

/// The obvious, slow decoder the fast one is checked against: lay the storage word out bit by bit in the order the
/// endianness says, read bits `shift ..< shift + bits`, and weigh the top bit −2^(bits−1) when signed.
func referenceDecode(_ format: ScanFormat, bytes: [UInt8], offset: Int, element: Int) -> (signed: Int64?, unsigned: UInt64) {
    let start = offset + element * format.storageBytes
    var bitsLSBFirst: [Bool] = []
    for significance in 0..<format.storageBytes {
        let byteIndex = format.isBigEndian ? format.storageBytes - 1 - significance : significance
        let byte = bytes[start + byteIndex]
        for bit in 0..<8 { bitsLSBFirst.append((byte >> bit) & 1 == 1) }
    }
    let valueBits = Array(bitsLSBFirst[format.shift..<(format.shift + format.bits)])
    var unsigned: UInt64 = 0
    for (index, bit) in valueBits.enumerated() where bit { unsigned |= UInt64(1) << UInt64(index) }
    guard format.isSigned else { return (nil, unsigned) }
    // Two's complement: the top bit weighs −2^(bits−1), i.e. subtract 2^bits when it is set (wrapping for 64 bits).
    let topBitSet = valueBits[format.bits - 1]
    let signed = topBitSet ? Int64(bitPattern: unsigned) &- (format.bits == 64 ? 0 : Int64(1) << Int64(format.bits)) : Int64(bitPattern: unsigned)
    return (signed, unsigned)
}

/// Encodes `value` (already in range) into a storage word with random junk in every bit that is not the value's.
func encode(_ format: ScanFormat, value: UInt64, junk: UInt64) -> [UInt8] {
    let width = UInt64(format.bits)
    let valueMask: UInt64 = width == 64 ? ~0 : (UInt64(1) << width) - 1
    let placedMask = valueMask << UInt64(format.shift)
    let storageMask: UInt64 = format.storageBits == 64 ? ~0 : (UInt64(1) << UInt64(format.storageBits)) - 1
    let word = (((value & valueMask) << UInt64(format.shift)) | (junk & ~placedMask)) & storageMask
    var little: [UInt8] = (0..<format.storageBytes).map { UInt8(truncatingIfNeeded: word >> UInt64($0 * 8)) }
    if format.isBigEndian { little.reverse() }
    return little
}

func randomFormat(using generator: inout SplitMix64) -> ScanFormat {
    let storageBits = [8, 16, 32, 64].randomElement(using: &generator)!
    let bits = Int.random(in: 1...storageBits, using: &generator)
    let shift = Int.random(in: 0...(storageBits - bits), using: &generator)
    return ScanFormat(
        isBigEndian: Bool.random(using: &generator), isSigned: Bool.random(using: &generator), bits: bits,
        storageBits: storageBits, shift: shift, repeatCount: Int.random(in: 1...3, using: &generator))
}

@Suite("Capture: scan-format decoder")
struct CaptureScanFormatTests {
    @Test func decoderAgreesWithReferenceOnRandomFormatsAndValues() throws {
        var generator = SplitMix64(seed: 0x5CA7_F0E5)
        var checked = 0
        for _ in 0..<4000 {
            let format = randomFormat(using: &generator)
            #expect(format.isDecodable)
            let offset = Int.random(in: 0...7, using: &generator)
            var bytes: [UInt8] = (0..<offset).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var values: [UInt64] = []
            for _ in 0..<format.repeatCount {
                let value = UInt64.random(in: 0...UInt64.max, using: &generator)
                values.append(value)
                bytes += encode(format, value: value, junk: UInt64.random(in: 0...UInt64.max, using: &generator))
            }
            bytes += (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for element in 0..<format.repeatCount {
                let decoded = bytes.withUnsafeBytes { format.integer(in: $0, at: offset, element: element) }
                let reference = referenceDecode(format, bytes: bytes, offset: offset, element: element)
                let mask: UInt64 = format.bits == 64 ? ~0 : (UInt64(1) << UInt64(format.bits)) - 1
                // The value written is the value read (modulo its width) ...
                #expect(reference.unsigned == values[element] & mask, "format \(format)")
                // ... and the fast decoder agrees with the bit-by-bit one.
                if let signed = reference.signed {
                    #expect(decoded == signed, "format \(format) element \(element) bytes \(bytes)")
                } else {
                    #expect(UInt64(bitPattern: decoded) == reference.unsigned, "format \(format)")
                }
                checked += 1
            }
        }
        #expect(checked > 4000)
    }

    @Test(arguments: [
        ("le:s16/32>>0", [0x34, 0x12, 0xFF, 0x7F] as [UInt8], Int64(0x1234)),
        ("le:s16/32>>0", [0x00, 0x80, 0x12, 0x34], Int64(-32768)),
        ("le:s16/32>>0", [0xFF, 0xFF, 0x00, 0x00], Int64(-1)),
        ("be:s12/16>>4", [0xFF, 0xF0], Int64(-1)),
        ("be:u12/16>>4", [0x80, 0x0F], Int64(0x800)),
        ("le:s32/32>>0", [0xFE, 0xFF, 0xFF, 0xFF], Int64(-2)),
        ("le:s64/64>>0", [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80], Int64.min),
        ("le:u8/8>>0", [0xFF], Int64(255)),
        ("le:s8/8>>0", [0xFF], Int64(-1)),
    ])
    func knownDriverFormats(text: String, bytes: [UInt8], expected: Int64) throws {
        let format = try #require(ScanFormat(text))
        #expect(format.description == text)
        #expect(bytes.withUnsafeBytes { format.integer(in: $0, at: 0) } == expected)
    }

    @Test func unsignedSixtyFourBitValueIsExactAsDouble() throws {
        let format = try #require(ScanFormat("be:u64/64>>0"))
        let bytes: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0x00]
        #expect(bytes.withUnsafeBytes { format.value(in: $0, at: 0) } == Double(UInt64(0xFFFF_FFFF_FFFF_F000)))
    }

    /// The foundation's byte-by-byte `decode` (used for one-off reads) must agree with the in-place decoder.
    @Test func foundationDecodeAgreesOnRandomFormats() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<1000 {
            let format = randomFormat(using: &generator)
            let bytes = encode(format, value: UInt64.random(in: 0...UInt64.max, using: &generator),
                               junk: UInt64.random(in: 0...UInt64.max, using: &generator))
            let fast = bytes.withUnsafeBytes { format.integer(in: $0, at: 0) }
            #expect(format.decode(bytes) == fast, "format \(format)")
        }
    }
}
