import Testing

@testable import IIO

@Suite("Attribute text parsing")
struct AttributeValueTests {
    @Test("numbers parse from sysfs text with its newline")
    func numbers() {
        #expect(Double(attributeText: "0.000598550\n") == 0.000598550)
        #expect(Double(attributeText: " 9.80665e-3 ") == 0.00980665)
        #expect(Int(attributeText: "100\n") == 100)
        #expect(Bool(attributeText: "1\n") == true)
        #expect(Bool(attributeText: "0") == false)
        #expect(String(attributeText: "accel_3d-dev0") == "accel_3d-dev0")
    }

    @Test("non-numbers do not parse", arguments: ["", "abc", "1.0.0", "nan", "inf", "0x10", "12 Hz", "-"])
    func rejects(text: String) {
        #expect(Double(attributeText: text) == nil)
        #expect(Int(attributeText: text) == nil)
    }

    @Test("values write back as sysfs text")
    func writes() {
        #expect(200.attributeText == "200")
        #expect(12.5.attributeText == "12.5")
        #expect(true.attributeText == "1")
    }
}
