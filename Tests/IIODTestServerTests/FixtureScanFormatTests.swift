import Testing
@testable import IIODTestServer

@Suite("Fixture scan format")
struct FixtureScanFormatTests {
    @Test("parses the kernel spellings of the fixture drivers")
    func parses() throws {
        let hid = try #require(FixtureScanFormat("le:s32/32>>0"))
        #expect(hid == FixtureScanFormat(isBigEndian: false, isSigned: true, bits: 32, storageBits: 32))
        let mpu = try #require(FixtureScanFormat("be:S16/16>>0"))
        #expect(mpu.isBigEndian && mpu.isSigned && mpu.bits == 16 && mpu.storageBits == 16)
        let packed = try #require(FixtureScanFormat("le:u12/16X3>>4"))
        #expect(packed.repeatCount == 3 && packed.shift == 4 && !packed.isSigned && packed.sampleBytes == 6)
        #expect(packed.kernelString == "le:u12/16X3>>4")
    }

    @Test("rejects malformed strings", arguments: [
        "", "le", "xe:s16/16>>0", "le:q16/16>>0", "le:s16/12>>0", "le:s17/16>>0", "le:s16/16", "le:s16/16>>1",
        "le:s16/16X>>0", "le:s0/16>>0", "le:s16/72>>0",
    ])
    func rejects(_ text: String) {
        #expect(FixtureScanFormat(text) == nil)
    }

    @Test("XML spelling upper-cases the sign when bits fill the storage word, as libiio 0.24 does")
    func xmlSpelling() throws {
        #expect(try #require(FixtureScanFormat("le:s16/16>>0")).xmlString == "le:S16/16>>0")
        #expect(try #require(FixtureScanFormat("le:s12/16>>4")).xmlString == "le:s12/16>>4")
        #expect(try #require(FixtureScanFormat("be:u8/8>>0")).xmlString == "be:U8/8>>0")
    }

    @Test("encodes values in byte order, shifted and masked, clamped to the range")
    func encodes() throws {
        let le16 = try #require(FixtureScanFormat("le:s16/16>>0"))
        #expect(le16.encode(-2) == [0xFE, 0xFF])
        #expect(le16.encode(40000) == [0xFF, 0x7F])  // clamped to 32767
        let be16 = try #require(FixtureScanFormat("be:s16/16>>0"))
        #expect(be16.encode(0x1234) == [0x12, 0x34])
        let shifted = try #require(FixtureScanFormat("le:s12/16>>4"))
        #expect(shifted.encode(-1) == [0xF0, 0xFF])
        let timestamp = try #require(FixtureScanFormat("le:s64/64>>0"))
        #expect(timestamp.encode(0x0102030405060708) == [8, 7, 6, 5, 4, 3, 2, 1])
    }
}
