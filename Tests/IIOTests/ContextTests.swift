import Foundation
import TestSupport
import Testing

@testable import IIO

/// A small context description in libiio's XML format: a HID accelerometer with its trigger and a bmi160.
let sampleXML = LibiioContextXML.header + """
    <context name="local" description="IIO tests">
    <context-attribute name="hw_model" value="Test board"/>
    <device id="iio:device0" name="accel_3d" label="accel-base">
    <channel id="accel_x" type="input"><scan-element index="0" format="le:s32/32&gt;&gt;0"/>\
    <attribute name="raw" filename="in_accel_x_raw"/><attribute name="scale" filename="in_accel_scale"/></channel>
    <channel id="accel_y" type="input"><scan-element index="1" format="le:s32/32&gt;&gt;0"/>\
    <attribute name="raw" filename="in_accel_y_raw"/><attribute name="scale" filename="in_accel_scale"/></channel>
    <channel id="accel_z" type="input"><scan-element index="2" format="le:s32/32&gt;&gt;0"/>\
    <attribute name="raw" filename="in_accel_z_raw"/><attribute name="scale" filename="in_accel_scale"/></channel>
    <channel id="timestamp" type="input"><scan-element index="3" format="le:s64/64&gt;&gt;0"/></channel>
    <attribute name="sampling_frequency"/>
    <buffer-attribute name="enable"/><buffer-attribute name="length"/>
    <debug-attribute name="direct_reg_access"/>
    </device>
    <device id="iio:device1" name="bmi160">
    <channel id="anglvel_x" type="input"><scan-element index="0" format="be:s12/16&gt;&gt;4"/>\
    <attribute name="scale" filename="in_anglvel_x_scale"/></channel>
    <channel id="temp" type="input"><attribute name="raw" filename="in_temp_raw"/></channel>
    <channel id="voltage0" type="output"><attribute name="raw" filename="out_voltage0_raw"/></channel>
    </device>
    <device id="trigger0" name="accel_3d-dev0"></device>
    </context>
    """

@Suite("Contexts, devices and channels through libiio")
struct ContextTests {
    @Test("an XML context lists devices, channels, formats and attributes as libiio parses them")
    func xmlContext() throws {
        let context = try Context(xml: sampleXML)
        #expect(context.name == "xml")
        #expect(!context.isLocal)
        #expect(context.contextDescription == "IIO tests")
        #expect(context.attribute("hw_model") == "Test board")
        #expect(context.attributes.contains { $0.name == "hw_model" && $0.value == "Test board" })
        let devices = context.devices
        #expect(devices.map(\.id) == ["iio:device0", "iio:device1", "trigger0"])
        #expect(devices.map(\.isTrigger) == [false, false, true])

        let accel = try #require(context.device(named: "accel_3d"))
        #expect(accel.id == "iio:device0")
        #expect(accel.label == "accel-base")
        #expect(accel.attributes() == ["sampling_frequency"])
        #expect(accel.attributes(.buffer) == ["enable", "length"])
        #expect(accel.attributes(.debug) == ["direct_reg_access"])
        #expect(accel.hasAttribute("length", .buffer))
        #expect(!accel.hasAttribute("length"))

        let x = try #require(accel.channel("accel_x"))
        #expect(x.type == .accel)
        #expect(x.modifier == .x)
        #expect(x.scanIndex == 0)
        #expect(x.isScanElement)
        #expect(!x.isOutput)
        #expect(x.scanFormat == ScanFormat("le:S32/32>>0"))
        #expect(x.attributes == ["raw", "scale"])
        #expect(x.attributeFilename("scale") == "in_accel_scale")
        let timestamp = try #require(accel.channel("timestamp"))
        #expect(timestamp.type == .timestamp)
        #expect(timestamp.modifier == .none)
        #expect(timestamp.scanFormat?.storageBits == 64)

        let bmi = try #require(context.device(named: "iio:device1"))
        let gyro = try #require(bmi.channel("anglvel_x"))
        #expect(gyro.type == .anglVel)
        #expect(gyro.scanFormat == ScanFormat("be:s12/16>>4"))
        let temp = try #require(bmi.channel("temp"))
        #expect(temp.type == .temp)
        #expect(temp.scanFormat == nil)
        #expect(temp.scanIndex == nil)
        #expect(bmi.channel("voltage0") == nil)
        #expect(bmi.channel("voltage0", output: true)?.isOutput == true)
    }

    @Test("XML contexts answer ENOSYS to attribute, trigger and buffer calls")
    func xmlHasNoValues() throws {
        let context = try Context(xml: sampleXML)
        let accel = try #require(context.device(named: "accel_3d"))
        #expect(errnoOf { _ = try accel.readAttribute("sampling_frequency") } == .notImplemented)
        #expect(errnoOf { _ = try accel.channel("accel_x")?.readAttribute("scale", as: Double.self) } == .notImplemented)
        #expect(errnoOf { _ = try accel.trigger() } == .notImplemented)
        do {
            _ = try accel.readAttribute("sampling_frequency")
            Issue.record("expected an error")
        } catch {
            #expect(error.deviceID == "iio:device0")
            #expect(error.deviceName == "accel_3d")
            #expect(error.attribute == "sampling_frequency")
            #expect(error.operation == "iio_device_attr_read")
        }
        accel.channel("accel_x")?.enable()
        #expect(accel.channel("accel_x")?.isEnabled == true)
        #expect(throws: IIOError.self) { try accel.createBuffer(samples: 16) }
        #expect(errnoOf { _ = try accel.createBuffer(samples: 0) } == .invalidArgument)
    }

    @Test("libiio's converter agrees with ScanFormat.decode")
    func convert() throws {
        let context = try Context(xml: sampleXML)
        let gyro = try #require(context.device(named: "bmi160")?.channel("anglvel_x"))
        let format = try #require(gyro.scanFormat)
        for raw: [UInt8] in [[0xFF, 0xF0], [0x00, 0x10], [0x7F, 0xF0], [0x80, 0x00], [0x12, 0x34]] {
            let converted = gyro.convert(raw)
            let host = Int16(bitPattern: UInt16(converted[0]) | UInt16(converted[1]) << 8)
            #expect(Int64(host) == format.decode(raw), "raw \(raw)")
        }
    }

    @Test("a refused ip: address throws ECONNREFUSED naming the URI")
    func refused() {
        do {
            _ = try Context(uri: "ip:127.0.0.1:1")
            Issue.record("expected an error")
        } catch {
            #expect(error.errno == .connectionRefused)
            #expect(error.uri == "ip:127.0.0.1:1")
            #expect(error.operation == "iio_create_context_from_uri")
        }
    }

    @Test("an unknown scheme throws ENOSYS")
    func unknownScheme() {
        #expect(errnoOf { _ = try Context(uri: "bogus:thing") } == .notImplemented)
    }

    @Test("a missing or malformed XML file throws EINVAL with libxml2's complaint captured, not printed")
    func badXML() throws {
        do {
            _ = try Context(uri: "xml:/nonexistent/context.xml")
            Issue.record("expected an error")
        } catch {
            #expect(error.errno == .invalidArgument)
            #expect(error.detail?.isEmpty == false)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(getpid()).xml").path
        try "<context name=\"xml\"><device".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(errnoOf { _ = try Context(uri: "xml:\(path)") } == .invalidArgument)
        #expect(errnoOf { _ = try Context(xml: "not xml at all") } == .invalidArgument)
    }

    @Test("the library version is 0.x and the backends the platform promises are there")
    func library() {
        #expect(Context.libraryVersion.major == 0)
        #expect(Context.libraryVersion.minor >= 24)
        for backend in ["local", "xml", "ip"] {
            #expect(Context.hasBackend(backend), "backend \(backend)")
        }
    }

    @Test("scanning local contexts does not fail on a machine without IIO devices")
    func scan() throws {
        let found = try Context.scan(backends: "local")
        #expect(found.allSatisfy { $0.uri.hasPrefix("local:") })
    }
}

/// The errno of the IIOError `body` throws, or nil when it does not throw.
func errnoOf(_ body: () throws -> Void) -> IIOErrno? {
    do {
        try body()
        return nil
    } catch {
        return (error as? IIOError)?.errno
    }
}
