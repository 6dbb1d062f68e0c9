import Testing

@testable import IIO

@Suite("ScanFormat parsing and decoding")
struct ScanFormatTests {
    @Test("parses the formats of the real drivers", arguments: [
        ("le:s16/16>>0", false, true, false, 16, 16, 0, 1),  // bmi160, st_lsm6dsx
        ("be:S16/16>>0", true, true, true, 16, 16, 0, 1),  // inv_mpu6050, inv_icm42600
        ("le:s32/32>>0", false, true, false, 32, 32, 0, 1),  // HID sensor hub
        ("le:s64/64>>0", false, true, false, 64, 64, 0, 1),  // timestamp
        ("le:u12/16>>4", false, false, false, 12, 16, 4, 1),
        ("be:U10/16X3>>6", true, false, true, 10, 16, 6, 3),
        ("le:s16/16>>0\n", false, true, false, 16, 16, 0, 1),
    ])
    func parses(
        text: String, bigEndian: Bool, signed: Bool, fullyDefined: Bool, bits: Int, storage: Int, shift: Int,
        repeated: Int
    ) throws {
        let format = try #require(ScanFormat(text))
        #expect(format.isBigEndian == bigEndian)
        #expect(format.isSigned == signed)
        #expect(format.isFullyDefined == fullyDefined)
        #expect(format.bits == bits)
        #expect(format.storageBits == storage)
        #expect(format.shift == shift)
        #expect(format.repeatCount == repeated)
        #expect(format.byteCount == storage / 8 * repeated)
    }

    @Test("round-trips through its description")
    func roundTrip() throws {
        for text in ["le:s16/16>>0", "be:S16/16>>0", "le:u12/16>>4", "be:U10/16X3>>6"] {
            #expect(try #require(ScanFormat(text)).description == text)
        }
    }

    @Test("rejects malformed text", arguments: [
        "", "le", "le:", "xe:s16/16>>0", "le:x16/16>>0", "le:s16/16", "le:s16>>0", "le:s/16>>0", "le:s16/>>0",
        "le:s0/16>>0", "le:s17/16>>0", "le:s16/12>>0", "le:s16/72>>0", "le:s16/16>>1", "le:s16/16>>0 junk",
        "le:s16/16X0>>0", "le:s16/16X>>0", "LE:s16/16>>0", "le:s-16/16>>0", "le:s16/16>>-1", "le:s99999/16>>0",
    ])
    func rejects(text: String) {
        #expect(ScanFormat(text) == nil)
    }

    @Test("decodes little- and big-endian, signed and unsigned, shifted values")
    func decodes() throws {
        let le16 = try #require(ScanFormat("le:s16/16>>0"))
        #expect(le16.decode([0xFE, 0xFF]) == -2)
        #expect(le16.decode([0x34, 0x12]) == 0x1234)
        let be16 = try #require(ScanFormat("be:S16/16>>0"))
        #expect(be16.decode([0x80, 0x00]) == -32768)
        #expect(be16.decode([0x12, 0x34]) == 0x1234)
        let shifted = try #require(ScanFormat("le:s12/16>>4"))
        #expect(shifted.decode([0xF0, 0xFF]) == -1)  // 0xFFF0 >> 4 = 0xFFF → -1 in 12 bits
        #expect(shifted.decode([0x10, 0x00]) == 1)
        let unsigned = try #require(ScanFormat("le:u12/16>>4"))
        #expect(unsigned.decode([0xF0, 0xFF]) == 4095)
        let hid = try #require(ScanFormat("le:s32/32>>0"))
        #expect(hid.decode([0x00, 0x00, 0x00, 0x80]) == Int64(Int32.min))
        let timestamp = try #require(ScanFormat("le:s64/64>>0"))
        #expect(timestamp.decode([1, 0, 0, 0, 0, 0, 0, 0]) == 1)
        let repeated = try #require(ScanFormat("le:s16/16X2>>0"))
        #expect(repeated.decode([1, 0, 0xFF, 0xFF], element: 1) == -1)
    }

    @Test("decodes short input as zero instead of reading past the end")
    func shortInput() throws {
        let format = try #require(ScanFormat("le:s32/32>>0"))
        #expect(format.decode([0x01, 0x02]) == 0)
        #expect(format.decode([UInt8]()) == 0)
    }
}
