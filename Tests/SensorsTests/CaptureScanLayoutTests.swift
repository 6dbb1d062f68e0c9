import IIO
import IIODTestServer
import MotionMath
import Testing
@testable import Sensors

/// Where channels sit in a buffer sample: the layouts of the drivers BodyReadings meets, properties that hold for
/// any layout, and agreement with libiio itself (through its `ip:` client against the test iiod).
@Suite("Capture: scan layout", .serialized)
struct CaptureScanLayoutTests {
    static func element(_ id: String, _ index: Int, _ format: String) -> ScanLayout.Element {
        ScanLayout.Element(id: id, scanIndex: index, format: ScanFormat(format)!)
    }

    /// HID sensor hub accel_3d: three 32-bit axes, 4 bytes of padding, the 64-bit timestamp (HIL-FACTS.md).
    @Test func hidHubSampleIs24Bytes() throws {
        let layout = try #require(
            ScanLayout(elements: [
                Self.element("accel_x", 0, "le:s32/32>>0"), Self.element("accel_y", 1, "le:s32/32>>0"),
                Self.element("accel_z", 2, "le:s32/32>>0"), Self.element("timestamp", 3, "le:s64/64>>0"),
            ]))
        #expect(["accel_x", "accel_y", "accel_z", "timestamp"].map { layout[$0]?.offset } == [0, 4, 8, 16])
        #expect(layout["timestamp"]?.end == 24)
        #expect(layout.sampleSize == 24)
        #expect(layout["magn_x"] == nil)
    }

    /// bmi160 buffered: gyro (index 0–2) before accel (3–5), 16-bit each, timestamp at 16; given in any order.
    @Test func combinedImuIsOrderedByScanIndex() throws {
        let layout = try #require(
            ScanLayout(elements: [
                Self.element("timestamp", 6, "le:s64/64>>0"),
                Self.element("accel_x", 3, "le:s16/16>>0"), Self.element("accel_y", 4, "le:s16/16>>0"),
                Self.element("accel_z", 5, "le:s16/16>>0"),
                Self.element("anglvel_x", 0, "le:s16/16>>0"), Self.element("anglvel_y", 1, "le:s16/16>>0"),
                Self.element("anglvel_z", 2, "le:s16/16>>0"),
            ]))
        let ids = ["anglvel_x", "anglvel_y", "anglvel_z", "accel_x", "accel_y", "accel_z", "timestamp"]
        #expect(ids.map { layout[$0]?.offset } == [0, 2, 4, 6, 8, 10, 16])
        #expect(layout.sampleSize == 24)
    }

    /// Without a timestamp (max30102-shaped: two `be:u18/32>>8` intensities) nothing is padded for one.
    @Test func layoutWithoutTimestamp() throws {
        let layout = try #require(
            ScanLayout(elements: [
                Self.element("intensity_red", 0, "be:u18/32>>8"), Self.element("intensity_ir", 1, "be:u18/32>>8"),
            ]))
        #expect(layout["intensity_red"]?.offset == 0)
        #expect(layout["intensity_ir"]?.offset == 4)
        #expect(layout.sampleSize == 8)
    }

    /// Gaps in the scan indices take no room; a channel sharing a scan index shares its bytes; a repeated channel is
    /// aligned to its whole length; the sample is padded to its longest channel.
    @Test func indicesRepeatsAndPadding() throws {
        let layout = try #require(
            ScanLayout(elements: [
                Self.element("a", 0, "le:u8/8>>0"), Self.element("b", 5, "le:s16/16X2>>0"),
                Self.element("b_alias", 5, "le:s16/16X2>>0"), Self.element("c", 9, "le:u8/8>>0"),
            ]))
        #expect(layout["a"]?.offset == 0)
        #expect(layout["b"]?.offset == 4)
        #expect(layout["b_alias"]?.offset == 4)
        #expect(layout["c"]?.offset == 8)
        #expect(layout.sampleSize == 12)
        #expect(ScanLayout(elements: [])?.sampleSize == 0)
    }

    /// A channel sharing a scan index with a shorter one would reach past the sample libiio sizes from the first
    /// (the decoder's precondition trapped on it): no layout. Found by `scripts/fuzz` (fuzz-scan-decoder).
    @Test func sharedIndexWithALongerChannelHasNoLayout() {
        #expect(ScanLayout(elements: [Self.element("a", 0, "le:u16/16>>0"), Self.element("b", 0, "le:s64/64>>0")]) == nil)
        #expect(ScanLayout(elements: [Self.element("a", 0, "le:s64/64>>0"), Self.element("b", 0, "le:u16/16>>0")]) != nil)
    }

    /// Any set of elements: every channel aligned to its length, in scan-index order without overlap, each as early
    /// as that allows, and the sample a whole number of its longest channel.
    @Test func propertiesHoldForRandomLayouts() throws {
        var generator = SplitMix64(seed: 0x1A70_0175)
        for _ in 0..<2000 {
            let count = Int.random(in: 1...8, using: &generator)
            var indices = Set<Int>()
            while indices.count < count { indices.insert(Int.random(in: 0...15, using: &generator)) }
            let elements = indices.shuffled(using: &generator).map { index in
                ScanLayout.Element(id: "c\(index)", scanIndex: index, format: randomFormat(using: &generator))
            }
            let layout = try #require(ScanLayout(elements: elements))
            let ordered = elements.sorted { $0.scanIndex < $1.scanIndex }
            var end = 0
            for element in ordered {
                let field = try #require(layout[element.id])
                let length = element.format.byteCount
                #expect(field.offset % length == 0, "\(element)")
                #expect(field.offset >= end && field.offset - end < length, "\(ordered)")
                end = field.end
            }
            let longest = ordered.map(\.format.byteCount).max() ?? 1
            #expect(layout.sampleSize >= end && layout.sampleSize - end < longest)
            #expect(layout.sampleSize % longest == 0)
        }
    }

    /// libiio places every channel where the layout does, for random sets of enabled scan elements of every
    /// buffered fixture device, and its sample size is the layout's.
    @Test(arguments: ["hid-sensor-hub", "st-lsm6dsx", "inv-icm42600", "inv-mpu6050"])
    func libiioAgrees(fixtureName: String) throws {
        let fixture = try #require(IIOFixture.all.first { $0.name == fixtureName })
        let server = try IIODTestServer(fixture: fixture, rateScale: .infinity)
        defer { server.stop() }
        let context = try Context(uri: server.uri)
        try context.setTimeout(milliseconds: 5000)
        var generator = SplitMix64(seed: 7)
        var compared = 0
        for device in context.devices where !device.isTrigger {
            let scanElements = device.channels.filter { $0.isScanElement && $0.scanFormat != nil }
            for _ in 0..<12 where !scanElements.isEmpty {
                var enabled = scanElements.filter { _ in Bool.random(using: &generator) }
                if enabled.isEmpty, let any = scanElements.randomElement(using: &generator) { enabled = [any] }
                scanElements.forEach { $0.disable() }
                enabled.forEach { $0.enable() }
                let layout = try #require(
                    ScanLayout(
                        elements: enabled.compactMap { channel in
                            guard let index = channel.scanIndex, let format = channel.scanFormat else { return nil }
                            return ScanLayout.Element(id: channel.id, scanIndex: index, format: format)
                        }))
                #expect(try device.sampleSize() == layout.sampleSize, "\(device.id): \(enabled.map(\.id))")
                let buffer = try device.createBuffer(samples: 4)
                #expect(buffer.step == layout.sampleSize)
                for channel in enabled {
                    #expect(buffer.byteOffset(of: channel) == layout[channel.id]?.offset, "\(device.id) \(channel.id)")
                    compared += 1
                }
            }
        }
        #expect(compared > 20)
    }
}
