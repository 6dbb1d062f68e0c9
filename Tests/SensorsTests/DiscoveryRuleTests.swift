import Foundation
import IIO
import Testing

@testable import Sensors

/// Builds device snapshots whose attribute reads come from a table, so discovery's rules can be tested against
/// any answer of the layer below (values, EACCES, EIO, garbage) without a kernel or a server.
/// What a fake device's GETTRIG answers.
enum TriggerReply: Sendable {
    case name(String?)
    case error(IIOErrno)
}

enum FakeDevice {
    /// Three axis channels of `type` with shared `in_<type>_scale` (or per-axis when `perAxisScale`).
    static func axes(
        _ type: String, firstIndex: Int, format: String = "le:s16/16>>0", perAxisScale: Bool = false,
        extra: [String] = []
    ) -> [DeviceSnapshot.ChannelSnapshot] {
        ["x", "y", "z"].enumerated().map { axis, name in
            var attributes = ["raw": "in_\(type)_\(name)_raw"]
            attributes["scale"] = perAxisScale ? "in_\(type)_\(name)_scale" : "in_\(type)_scale"
            for attribute in extra { attributes[attribute] = "in_\(type)_\(attribute)" }
            return DeviceSnapshot.ChannelSnapshot(
                id: "\(type)_\(name)", type: type, axis: axis, isOutput: false, scanIndex: firstIndex + axis,
                format: ScanFormat(format), attributes: attributes)
        }
    }

    static func device(
        id: String = "iio:device0", name: String, channels: [DeviceSnapshot.ChannelSnapshot],
        attributes: [String] = [], values: [String: String] = [:], errors: [String: IIOErrno] = [:],
        trigger: TriggerReply = .name(nil)
    ) -> DeviceSnapshot {
        DeviceSnapshot(
            id: id, name: name, label: nil, isTrigger: false, channels: channels, attributes: attributes,
            bufferAttributes: ["enable", "length", "watermark"],
            read: { (location: AttributeLocation) throws(IIOError) -> String in
                if let errno = errors[location.file] {
                    throw IIOError(
                        operation: "iio_device_attr_read", errno: errno, deviceID: id, deviceName: name,
                        attribute: location.file)
                }
                guard let value = values[location.file] else {
                    throw IIOError(operation: "iio_device_attr_read", errno: .noSuchFileOrDirectory, attribute: location.file)
                }
                return value
            },
            currentTrigger: { () throws(IIOError) -> String? in
                switch trigger {
                case .name(let name): return name
                case .error(let errno): throw IIOError(operation: "iio_device_get_trigger", errno: errno)
                }
            })
    }

    static func trigger(id: String, name: String) -> DeviceSnapshot {
        DeviceSnapshot(
            id: id, name: name, label: nil, isTrigger: true, channels: [], attributes: [], bufferAttributes: [],
            read: { (_: AttributeLocation) throws(IIOError) -> String in "" },
            currentTrigger: { () throws(IIOError) -> String? in nil })
    }

    static func analyze(_ devices: [DeviceSnapshot], isLocal: Bool = false, environment: DiscoveryEnvironment = .system)
        throws(SensorError) -> [DiscoveredSensor]
    {
        try SensorDiscovery.analyze(
            devices, isLocal: isLocal, contextIdentity: "test", uri: "ip:test", environment: environment
        ).sensors
    }

    static let bmiValues = [
        "in_accel_scale": "0.000598", "in_anglvel_scale": "0.001065", "in_mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1",
        "in_accel_sampling_frequency": "100.000000", "in_anglvel_sampling_frequency": "200",
        "in_accel_sampling_frequency_available": "25 50 100 200",
    ]

    static func bmi160(values: [String: String] = bmiValues, errors: [String: IIOErrno] = [:],
                       trigger: TriggerReply = .error(.ioError)) -> DeviceSnapshot {
        device(
            name: "bmi160",
            channels: axes("anglvel", firstIndex: 0, extra: ["sampling_frequency"])
                + axes("accel", firstIndex: 3, extra: ["sampling_frequency", "sampling_frequency_available"]),
            attributes: ["in_mount_matrix", "in_anglvel_sampling_frequency_available"],
            values: values, errors: errors, trigger: trigger)
    }
}

@Suite("Discovery rules over a replaceable IIO layer")
struct DiscoveryRuleTests {
    @Test("a combined IMU gives an accelerometer and a gyroscope with shared scales, rates and polling")
    func combined() throws {
        let sensors = try FakeDevice.analyze([FakeDevice.bmi160()])
        #expect(sensors.map(\.kind) == [.accelerometer, .gyroscope])
        let accel = sensors[0]
        #expect(accel.scale == [0.000598, 0.000598, 0.000598])
        #expect(accel.scaleAttributes.map(\.file) == ["in_accel_scale", "in_accel_scale", "in_accel_scale"])
        #expect(accel.offset == [0, 0, 0])
        #expect(accel.samplingFrequency == 100)
        #expect(accel.availableFrequencies == .discrete([25, 50, 100, 200]))
        #expect(accel.mountMatrixSource == .attribute)
        #expect(accel.mountMatrixAttribute?.file == "in_mount_matrix")
        #expect(accel.trigger == nil)
        #expect(accel.isTriggerKnown)
        #expect(accel.captureMode == .polled)
        #expect(accel.axes.map(\.id) == ["accel_x", "accel_y", "accel_z"])
        let gyro = sensors[1]
        #expect(gyro.samplingFrequency == 200)
        #expect(gyro.availableFrequencies == nil)  // the device attribute exists but the table has no value: ENOENT
        #expect(gyro.identity == accel.identity)
    }

    @Test("per-axis scales and offsets are read per axis; raw values convert to SI through the mount matrix")
    func perAxis() throws {
        var values = [
            "in_accel_x_scale": "0.1", "in_accel_y_scale": "0.2", "in_accel_z_scale": "0.4",
            "in_accel_x_offset": "10", "in_accel_y_offset": "-10", "in_accel_z_offset": "0",
            "in_accel_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1",
        ]
        var channels = FakeDevice.axes("accel", firstIndex: 0, perAxisScale: true)
        for index in channels.indices {
            let axis = ["x", "y", "z"][index]
            channels[index].attributes["offset"] = "in_accel_\(axis)_offset"
            channels[index].attributes["mount_matrix"] = "in_accel_mount_matrix"
        }
        let device = FakeDevice.device(name: "accel", channels: channels, values: values)
        let sensor = try #require(try FakeDevice.analyze([device]).first)
        #expect(sensor.scale == [0.1, 0.2, 0.4])
        #expect(sensor.offset == [10, -10, 0])
        #expect(sensor.mountMatrix.rows == [SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)])
        // chip = ((0+10)·0.1, (5−10)·0.2, (25+0)·0.4) = (1, −1, 10); device = (chip.y, −chip.x, chip.z)
        let converted = try #require(sensor.convert(raw: SIMD3(0, 5, 25)))
        #expect(abs(converted.x - -1) < 1e-12 && abs(converted.y - -1) < 1e-12 && abs(converted.z - 10) < 1e-12)
        values["in_accel_y_scale"] = "0.2x"
        #expect(throws: SensorError.self) {
            try FakeDevice.analyze([FakeDevice.device(name: "accel", channels: channels, values: values)])
        }
    }

    @Test("libiio 0.24's `mount` pseudo-channel (in_mount_matrix) is found; a typed matrix wins over it")
    func mountPseudoChannel() throws {
        let mount = DeviceSnapshot.ChannelSnapshot(
            id: "mount", type: "mount", axis: nil, isOutput: false, scanIndex: nil, format: nil,
            attributes: ["matrix": "in_mount_matrix"])
        var values = ["in_accel_scale": "1", "in_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1"]
        let plain = FakeDevice.device(
            name: "mpu6050", channels: FakeDevice.axes("accel", firstIndex: 0) + [mount], values: values)
        let sensor = try #require(try FakeDevice.analyze([plain]).first)
        #expect(sensor.mountMatrixAttribute == .channel(id: "mount", attribute: "matrix", file: "in_mount_matrix"))
        #expect(sensor.mountMatrix.rows == [SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)])
        #expect(sensor.mountMatrixSource == .attribute)

        values["in_accel_mount_matrix"] = "-1, 0, 0; 0, -1, 0; 0, 0, 1"
        var typedChannels = FakeDevice.axes("accel", firstIndex: 0) + [mount]
        for index in 0..<3 { typedChannels[index].attributes["mount_matrix"] = "in_accel_mount_matrix" }
        let typed = FakeDevice.device(name: "mpu6050", channels: typedChannels, values: values)
        let typedSensor = try #require(try FakeDevice.analyze([typed]).first)
        #expect(typedSensor.mountMatrixAttribute?.file == "in_accel_mount_matrix")
        #expect(typedSensor.mountMatrix.rows[0] == SIMD3(-1, 0, 0))
    }

    @Test("a magnetometer converts Gauss to µT")
    func magnetometer() throws {
        let device = FakeDevice.device(
            name: "magn_3d", channels: FakeDevice.axes("magn", firstIndex: 0, format: "le:s32/32>>0"),
            values: ["in_magn_scale": "0.001"], trigger: .name("magn_3d-dev0"))
        let sensor = try #require(try FakeDevice.analyze([device]).first)
        #expect(sensor.kind == .magnetometer)
        #expect(sensor.captureMode == .buffered)
        #expect(sensor.trigger == "magn_3d-dev0")
        let converted = try #require(sensor.convert(raw: SIMD3(250, 0, -500)))
        #expect(abs(converted.x - 25) < 1e-12)  // 250 × 0.001 G × 100 µT/G
        #expect(abs(converted.z - -50) < 1e-12)
    }

    @Test("permission denied on a scale becomes a permissionDenied error naming device and attribute")
    func permissionDenied() {
        do {
            _ = try FakeDevice.analyze([FakeDevice.bmi160(errors: ["in_anglvel_scale": .permissionDenied])])
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .permissionDenied)
            #expect(error.device == "iio:device0 (bmi160)")
            #expect(error.attribute == "in_anglvel_scale")
            #expect(error.errno == 13)
        }
        #expect(throws: SensorError.self) {
            try FakeDevice.analyze([FakeDevice.bmi160(trigger: .error(.permissionDenied))])
        }
    }

    @Test("a device without scale is a missingAttribute error")
    func missingScale() {
        var channels = FakeDevice.axes("accel", firstIndex: 0)
        for index in channels.indices { channels[index].attributes["scale"] = nil }
        do {
            _ = try FakeDevice.analyze([FakeDevice.device(name: "noscale", channels: channels)])
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .missingAttribute)
            #expect(error.attribute == "in_accel_scale")
            #expect(error.message.contains("noscale"))
        }
    }

    @Test("non-numeric values are malformedAttribute errors naming the attribute", arguments: [
        ("in_accel_scale", "abc"), ("in_accel_sampling_frequency", "fast"),
        ("in_accel_sampling_frequency_available", "25 50 lots"), ("in_mount_matrix", "1, 0; 0, 1"),
    ])
    func malformed(file: String, value: String) {
        var values = FakeDevice.bmiValues
        values[file] = value
        do {
            _ = try FakeDevice.analyze([FakeDevice.bmi160(values: values)])
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .malformedAttribute)
            #expect(error.attribute == file)
            #expect(error.message.contains(value))
        }
    }

    @Test("a rate the driver cannot give right now (EINVAL) is unknown, not an error")
    func toleratedRateError() throws {
        let sensors = try FakeDevice.analyze([
            FakeDevice.bmi160(errors: ["in_accel_sampling_frequency": .invalidArgument])
        ])
        #expect(sensors[0].samplingFrequency == nil)
        #expect(throws: SensorError.self) {
            try FakeDevice.analyze([FakeDevice.bmi160(errors: ["in_accel_scale": .invalidArgument])])
        }
    }

    @Test("capture mode: own trigger, current trigger, hardware FIFO, none", arguments: [
        ("accel_3d", TriggerReply.name("accel_3d-dev0"), false, CaptureMode.buffered),
        ("mpu6050", .name(nil), true, .buffered),  // own trigger present, not set
        ("lsm6dsm_accel", .error(.noSuchFileOrDirectory), false, .buffered),
        ("icm42605-accel", .error(.noSuchFileOrDirectory), false, .buffered),
        ("bmi160", .error(.ioError), false, .polled),
        ("bmi270", .name(nil), false, .polled),
    ])
    func captureMode(name: String, trigger: TriggerReply, ownTrigger: Bool, expected: CaptureMode) throws {
        var devices = [
            FakeDevice.device(
                name: name, channels: FakeDevice.axes("accel", firstIndex: 0), values: ["in_accel_scale": "1"],
                trigger: trigger)
        ]
        if ownTrigger { devices.append(FakeDevice.trigger(id: "trigger0", name: "\(name)-dev0")) }
        let sensor = try #require(try FakeDevice.analyze(devices).first)
        #expect(sensor.captureMode == expected, "\(sensor.captureReason)")
        #expect(sensor.ownTrigger == (ownTrigger ? "\(name)-dev0" : nil))
    }

    @Test("channels that are not scan elements are polled")
    func noScanElements() throws {
        var channels = FakeDevice.axes("accel", firstIndex: 0)
        for index in channels.indices { channels[index].format = nil }
        let device = FakeDevice.device(
            name: "accel_3d", channels: channels, values: ["in_accel_scale": "1"], trigger: .name("accel_3d-dev0"))
        #expect(try FakeDevice.analyze([device]).first?.captureMode == .polled)
    }

    @Test("incomplete axis sets and output channels are not sensors")
    func incomplete() throws {
        var channels = FakeDevice.axes("accel", firstIndex: 0)
        channels.removeLast()
        var outputs = FakeDevice.axes("anglvel", firstIndex: 0)
        for index in outputs.indices { outputs[index].isOutput = true }
        let device = FakeDevice.device(name: "odd", channels: channels + outputs, values: ["in_accel_scale": "1"])
        #expect(try FakeDevice.analyze([device]).isEmpty)
    }

    @Test("identities are unique per context and disambiguate identical devices")
    func identities() throws {
        let first = FakeDevice.bmi160()
        var second = FakeDevice.bmi160()
        second.id = "iio:device1"
        let sensors = try FakeDevice.analyze([first, second])
        #expect(sensors.map(\.identity.rawValue) == ["bmi160@test", "bmi160@test", "bmi160@test#2", "bmi160@test#2"])
    }
}

@Suite("Discovery on a local context's sysfs and udev database")
struct DiscoveryLocalTests {
    /// A fake `/sys` with `iio:device0` under an I²C bus and a udev database entry for its node 241:0.
    static func fakeSystem(udevMatrix: String?) throws -> (DiscoveryEnvironment, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bodyreadings-sys-\(UUID())").path
        let device = "\(root)/sys/devices/platform/i2c_designware.1/i2c-1/1-0068/iio:device0"
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try "241:0\n".write(toFile: "\(device)/dev", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(root)/sys/bus/iio/devices", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: "\(root)/sys/bus/iio/devices/iio:device0",
            withDestinationPath: "../../../devices/platform/i2c_designware.1/i2c-1/1-0068/iio:device0")
        try FileManager.default.createDirectory(atPath: "\(root)/udev", withIntermediateDirectories: true)
        if let udevMatrix {
            try "I:1\nE:ACCEL_MOUNT_MATRIX=\(udevMatrix)\nG:iio\n".write(
                toFile: "\(root)/udev/c241:0", atomically: true, encoding: .utf8)
        }
        return (DiscoveryEnvironment(sysfsRoot: "\(root)/sys", udevDataDirectory: "\(root)/udev"), root)
    }

    @Test("the identity uses the parent bus path; udev's ACCEL_MOUNT_MATRIX overrides the attribute")
    func local() throws {
        let (environment, root) = try Self.fakeSystem(udevMatrix: "0, -1, 0; 1, 0, 0; 0, 0, 1")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sensors = try FakeDevice.analyze([FakeDevice.bmi160()], isLocal: true, environment: environment)
        #expect(sensors[0].identity.rawValue == "bmi160@platform/i2c_designware.1/i2c-1/1-0068")
        #expect(sensors[0].mountMatrixSource == .udev)
        #expect(sensors[0].mountMatrix.rows == [SIMD3(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)])
        #expect(sensors[0].mountMatrixAttribute?.file == "in_mount_matrix")
        // The same device seen through the network has no sysfs: identity falls back, no udev.
        let remote = try FakeDevice.analyze([FakeDevice.bmi160()], isLocal: false, environment: environment)
        #expect(remote[0].identity.rawValue == "bmi160@test")
        #expect(remote[0].mountMatrixSource == .attribute)
    }

    @Test("a device unplugged while discovery reads it has vanished (69), not failed a read")
    func unpluggedWhileRead() throws {
        let (environment, root) = try Self.fakeSystem(udevMatrix: nil)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var values = FakeDevice.bmiValues
        values["in_accel_scale"] = nil
        let device = FakeDevice.bmi160(values: values, errors: ["in_accel_scale": .noSuchFileOrDirectory])
        // While its sysfs directory is there, ENOENT is the driver's answer: the scale is missing.
        do {
            _ = try FakeDevice.analyze([device], isLocal: true, environment: environment)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason != .deviceVanished, "\(error)")
        }
        try FileManager.default.removeItem(atPath: "\(root)/sys/bus/iio/devices/iio:device0")
        do {
            _ = try FakeDevice.analyze([device], isLocal: true, environment: environment)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .deviceVanished, "\(error)")
            #expect(error.message == "iio:device0 (bmi160) vanished while its attributes were read "
                + "(\(root)/sys/bus/iio/devices/iio:device0 is gone)")
        }
        // Through the network there is no sysfs to look at: the same answer stays the driver's.
        do {
            _ = try FakeDevice.analyze([device], isLocal: false, environment: environment)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason != .deviceVanished, "\(error)")
        }
    }

    @Test("a malformed udev mount matrix is an error naming ACCEL_MOUNT_MATRIX")
    func malformedUdev() throws {
        let (environment, root) = try Self.fakeSystem(udevMatrix: "0, -1, 0; 1, 0")
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try FakeDevice.analyze([FakeDevice.bmi160()], isLocal: true, environment: environment)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .malformedAttribute)
            #expect(error.attribute == "ACCEL_MOUNT_MATRIX")
        }
    }
}
