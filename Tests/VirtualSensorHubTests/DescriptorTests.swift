import Testing
@testable import VirtualSensorHub

@Suite("HID report descriptor of the virtual sensor hub")
struct DescriptorTests {
    let parsed: ParsedDescriptor

    init() throws {
        parsed = try ParsedDescriptor(HubSensor.hubDescriptor().bytes)
    }

    @Test("short items encode as HID 1.11 prefixes with the shortest data")
    func itemEncoding() {
        #expect(HIDItem.usagePage(0x20).bytes == [0x05, 0x20])
        #expect(HIDItem.usage(0x0316).bytes == [0x0A, 0x16, 0x03])
        #expect(HIDItem.collection(.application).bytes == [0xA1, 0x01])
        #expect(HIDItem.collection(.physical).bytes == [0xA1, 0x00])
        #expect(HIDItem.endCollection.bytes == [0xC0])
        #expect(HIDItem.input(.dataVariableAbsolute).bytes == [0x81, 0x02])
        #expect(HIDItem.feature(.dataArrayAbsolute).bytes == [0xB1, 0x00])
        #expect(HIDItem.logicalMinimum(1).bytes == [0x15, 0x01])
        #expect(HIDItem.logicalMinimum(Int32.min).bytes == [0x17, 0x00, 0x00, 0x00, 0x80])
        #expect(HIDItem.logicalMaximum(Int32.max).bytes == [0x27, 0xFF, 0xFF, 0xFF, 0x7F])
        // 0xFFFF does not fit a signed 16-bit item: it takes four bytes.
        #expect(HIDItem.logicalMaximum(0xFFFF).bytes == [0x27, 0xFF, 0xFF, 0x00, 0x00])
        #expect(HIDItem.unit(0x01E1_F000).bytes == [0x67, 0x00, 0xF0, 0xE1, 0x01])
        #expect(HIDItem.unitExponent(0x0E).bytes == [0x55, 0x0E])
        #expect(HIDItem.reportSize(32).bytes == [0x75, 0x20])
        #expect(HIDItem.reportID(3).bytes == [0x85, 0x03])
        #expect(HIDItem.reportCount(1).bytes == [0x95, 0x01])
    }

    @Test("one Sensor application collection holding a Physical collection per sensor, balanced")
    func collections() {
        #expect(parsed.balanced)
        #expect(parsed.collections.first == .init(kind: 0x01, usage: 0x0020_0001))
        let physical = parsed.collections.filter { $0.kind == 0x00 }.map(\.usage)
        #expect(physical == [0x0020_0073, 0x0020_0076, 0x0020_0083])
    }

    @Test("each sensor's input report has one 32-bit Input item per axis, with its unit and exponent",
          arguments: HubSensor.allCases)
    func inputReport(sensor: HubSensor) throws {
        let inputs = parsed.fields.filter { $0.reportID == sensor.reportID && $0.kind == "input" }
        #expect(inputs.map(\.usages) == sensor.axisUsages.map { [0x0020_0000 | UInt32($0)] })
        for field in inputs {
            #expect(field.reportCount == 1)
            #expect(field.reportSize == 32)
            #expect(field.flags == 0x02)
            #expect(field.logicalMinimum == Int64(Int32.min) && field.logicalMaximum == Int64(Int32.max))
            #expect(field.unit == sensor.unit)
            #expect(field.unitExponent == UInt32(sensor.unitExponentCode))
            #expect(field.collections.last == .init(kind: 0x00, usage: 0x0020_0000 | UInt32(sensor.usage)))
        }
        #expect(parsed.reportBits(id: sensor.reportID, kind: "input") / 8 + 1
            == sensor.inputReport(.zero).count)
    }

    @Test("each sensor's feature report holds reporting state, power state, interval and sensitivity, in that order",
          arguments: HubSensor.allCases)
    func featureReport(sensor: HubSensor) throws {
        let features = parsed.fields.filter { $0.reportID == sensor.reportID && $0.kind == "feature" }
        try #require(features.count == 4)
        // Named arrays: the property is the Logical collection's usage, the field's usages are the selectors, and
        // logical 1…6 makes the kernel's "index + 1" land on the right selector.
        #expect(features[0].collections.last == .init(kind: 0x02, usage: 0x0020_0316))
        #expect(features[0].usages == (0x0840...0x0845).map { 0x0020_0000 | UInt32($0) })
        #expect(features[1].collections.last == .init(kind: 0x02, usage: 0x0020_0319))
        #expect(features[1].usages == (0x0850...0x0855).map { 0x0020_0000 | UInt32($0) })
        for field in features[0...1] {
            #expect(field.flags == 0x00)
            #expect(field.reportSize == 8 && field.reportCount == 1)
            #expect(field.logicalMinimum == 1 && field.logicalMaximum == 6)
        }
        #expect(features[2].usages == [0x0020_030E])
        #expect(features[2].reportSize == 32)
        #expect(features[2].unit == 0 && features[2].unitExponent == 0)  // milliseconds
        #expect(features[3].usages == [0x0020_0000 | 0x1000 | UInt32(sensor.dataUsage)])
        #expect(features[3].reportSize == 16)
        #expect(parsed.reportBits(id: sensor.reportID, kind: "feature") / 8 + 1 == SensorProperties.reportLength)
    }
}
