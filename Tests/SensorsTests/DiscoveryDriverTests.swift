import Foundation
import IIO
import Testing

@testable import Sensors

/// Device snapshots with the attribute sets the Linux 6.1 drivers give on a board whose sensor's interrupt line is not
/// wired (`../shared/HIL-FACTS.md`, "Forty more chips on i2c-stub"): without an IRQ most of them have no buffer, so
/// their channels are not scan elements and there is no timestamp channel.
enum DriverShape {
    /// Three axis channels of `type` that are not scan elements (no `buffer/`, no `scan_elements/`), their scale
    /// shared (`in_<type>_scale`) or per axis; `extra` maps a libiio attribute name to its sysfs file.
    static func polledAxes(_ type: String, perAxisScale: Bool = false, extra: [String: String] = [:])
        -> [DeviceSnapshot.ChannelSnapshot]
    {
        FakeDevice.axes(type, firstIndex: 0, perAxisScale: perAxisScale).map { channel in
            var channel = channel
            channel.scanIndex = nil
            channel.format = nil
            channel.attributes.merge(extra) { _, new in new }
            return channel
        }
    }

    /// A fake `/sys` in which each `(device id, parent)` is an IIO device below `devices/<parent>`, for the rules that
    /// need a local context (bus paths, udev); `udev` maps a device id to its udev database lines.
    static func sysfs(_ devices: [(id: String, parent: String)], udev: [String: String] = [:]) throws
        -> (DiscoveryEnvironment, String)
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bodyreadings-sys-\(UUID())").path
        try FileManager.default.createDirectory(atPath: "\(root)/sys/bus/iio/devices", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/udev", withIntermediateDirectories: true)
        for (index, device) in devices.enumerated() {
            let path = "\(root)/sys/devices/\(device.parent)/\(device.id)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try "241:\(index)\n".write(toFile: "\(path)/dev", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: "\(root)/sys/bus/iio/devices/\(device.id)",
                withDestinationPath: "../../../devices/\(device.parent)/\(device.id)")
            if let lines = udev[device.id] {
                try "I:1\n\(lines)\n".write(toFile: "\(root)/udev/c241:\(index)", atomically: true, encoding: .utf8)
            }
        }
        return (DiscoveryEnvironment(sysfsRoot: "\(root)/sys", udevDataDirectory: "\(root)/udev"), root)
    }

    /// st_lsm6dsx without an IRQ: `<chip>_accel` (shared scale 0.000598205, `mount_matrix` shared by all) and
    /// `<chip>_gyro` (0.000152716, no mount matrix), each with `sampling_frequency` and its list, no buffer.
    static func lsm6dsx(chip: String = "lsm6ds3", accelID: String, gyroID: String) -> [DeviceSnapshot] {
        let rates = "12.500000 26.000000 52.000000 104.000000 208.000000 416.000000"
        return [
            FakeDevice.device(
                id: accelID, name: "\(chip)_accel", channels: polledAxes("accel"),
                attributes: ["mount_matrix", "sampling_frequency", "sampling_frequency_available"],
                values: [
                    "in_accel_scale": "0.000598205", "mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1",
                    "sampling_frequency": "104.000000", "sampling_frequency_available": rates,
                ], trigger: .error(.noSuchFileOrDirectory)),
            FakeDevice.device(
                id: gyroID, name: "\(chip)_gyro", channels: polledAxes("anglvel"),
                attributes: ["sampling_frequency", "sampling_frequency_available"],
                values: [
                    "in_anglvel_scale": "0.000152716", "sampling_frequency": "104.000000",
                    "sampling_frequency_available": rates,
                ], trigger: .error(.noSuchFileOrDirectory)),
        ]
    }

    /// A BMA400 (accelerometer only, polled, identity mount matrix), as beside an IMU on a board.
    static func bma400(id: String) -> DeviceSnapshot {
        FakeDevice.device(
            id: id, name: "bma400", channels: polledAxes("accel"),
            values: ["in_accel_scale": "0.009577", "in_accel_sampling_frequency": "100"],
            trigger: .error(.ioError))
    }

    /// inv_mpu6050 for an MPU-9250 without an IRQ: accel, anglvel and the AK8963 behind the aux master as magn, each
    /// type with its own `in_<type>_mount_matrix`; the magnetometer's scale per axis (its sensitivity adjustment).
    static func mpu9250(accelMatrix: String = "0, 1, 0; -1, 0, 0; 0, 0, 1") -> DeviceSnapshot {
        FakeDevice.device(
            name: "mpu9250",
            channels: polledAxes("accel", extra: ["mount_matrix": "in_accel_mount_matrix"])
                + polledAxes("anglvel", extra: ["mount_matrix": "in_anglvel_mount_matrix"])
                + polledAxes("magn", perAxisScale: true, extra: ["mount_matrix": "in_magn_mount_matrix"]),
            attributes: ["sampling_frequency", "sampling_frequency_available"],
            values: [
                "in_accel_scale": "0.000598", "in_anglvel_scale": "0.001064724",
                "in_magn_x_scale": "0.001171", "in_magn_y_scale": "0.001171", "in_magn_z_scale": "0.001172",
                "in_accel_mount_matrix": accelMatrix, "in_anglvel_mount_matrix": accelMatrix,
                "in_magn_mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, -1",
                "sampling_frequency": "50", "sampling_frequency_available": "10 20 50 100 200 500",
            ])
    }
}

@Suite("Discovery of the attribute sets real drivers give")
struct DiscoveryDriverTests {
    @Test("every mount-matrix spelling is found; a device without one has the identity", arguments: [
        ("in_mount_matrix", true), ("mount_matrix", true), ("in_accel_mount_matrix", false), ("", false),
    ])
    func mountMatrixSpellings(file: String, deviceAttribute: Bool) throws {
        var channels = DriverShape.polledAxes("accel")
        var attributes: [String] = []
        if deviceAttribute {
            attributes = [file]
        } else if !file.isEmpty {
            for index in channels.indices { channels[index].attributes["mount_matrix"] = file }
        }
        let device = FakeDevice.device(
            name: "chip", channels: channels, attributes: attributes,
            values: ["in_accel_scale": "1", file: "0, -1, 0; 1, 0, 0; 0, 0, 1"])
        let sensor = try #require(try FakeDevice.analyze([device]).first)
        if file.isEmpty {
            #expect(sensor.mountMatrix == .identity)
            #expect(sensor.mountMatrixSource == .none)
            #expect(sensor.mountMatrixAttribute == nil)
        } else {
            #expect(sensor.mountMatrix.rows == [SIMD3(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)], "\(file)")
            #expect(sensor.mountMatrixSource == .attribute)
            #expect(sensor.mountMatrixAttribute?.file == file)
        }
    }

    @Test("an IMU split into <chip>_accel and <chip>_gyro pairs by its parent, not by the first accelerometer")
    func splitIMUPairsByParent() throws {
        // A BMA400 that probed first (device 0) beside an LSM6DS3 on another address of the same bus.
        let devices = [DriverShape.bma400(id: "iio:device0")]
            + DriverShape.lsm6dsx(accelID: "iio:device1", gyroID: "iio:device2")
        let (environment, root) = try DriverShape.sysfs([
            ("iio:device0", "platform/i2c-1/1-0014"), ("iio:device1", "platform/i2c-1/1-006a"),
            ("iio:device2", "platform/i2c-1/1-006a"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for isLocal in [true, false] {
            let sensors = try FakeDevice.analyze(devices, isLocal: isLocal, environment: environment)
            let inventory = SensorInventory(
                uri: "local:", backend: "local", contextDescription: "", sensors: sensors, valuesAvailable: true)
            #expect(inventory.preferred(.gyroscope)?.deviceName == "lsm6ds3_gyro")
            #expect(inventory.preferred(.accelerometer)?.deviceName == "lsm6ds3_accel", "local: \(isLocal)")
            #expect(inventory.preferred(.accelerometer)?.deviceID == "iio:device1")
            let gyro = try #require(sensors.first { $0.kind == .gyroscope })
            #expect(gyro.mountMatrix == .identity && gyro.mountMatrixSource == .none)
            #expect(gyro.samplingFrequency == 104 && gyro.captureMode == .polled && gyro.timestamp == nil)
        }
    }

    @Test("two devices of one chip with the same name are told apart by device id and both found")
    func sameNameDevices() throws {
        // kmx61: the accelerometer and the magnetometer are two IIO devices both named after the chip.
        let accel = FakeDevice.device(
            id: "iio:device0", name: "kmx611021", channels: DriverShape.polledAxes("accel"),
            values: ["in_accel_scale": "0.019163"])
        let magn = FakeDevice.device(
            id: "iio:device1", name: "kmx611021", channels: DriverShape.polledAxes("magn"),
            values: ["in_magn_scale": "0.001465"])
        let (environment, root) = try DriverShape.sysfs([
            ("iio:device0", "platform/i2c-1/1-000e"), ("iio:device1", "platform/i2c-1/1-000e"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sensors = try FakeDevice.analyze([accel, magn], isLocal: true, environment: environment)
        #expect(sensors.map(\.kind) == [.accelerometer, .magnetometer])
        #expect(sensors.map(\.deviceID) == ["iio:device0", "iio:device1"])
        #expect(sensors.map(\.identity.rawValue) == [
            "kmx611021@platform/i2c-1/1-000e", "kmx611021@platform/i2c-1/1-000e#2",
        ])
        #expect(sensors.map(\.scale) == [[0.019163, 0.019163, 0.019163], [0.001465, 0.001465, 0.001465]])
    }

    @Test("the MPU-9250's magnetometer has its own mount matrix and per-axis scales")
    func magnetometerInsideIMU() throws {
        let sensors = try FakeDevice.analyze([DriverShape.mpu9250()])
        #expect(sensors.map(\.kind) == [.accelerometer, .gyroscope, .magnetometer])
        let magn = sensors[2]
        #expect(magn.mountMatrix.rows == [SIMD3(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, -1)])
        #expect(magn.mountMatrixAttribute?.file == "in_magn_mount_matrix")
        #expect(magn.scale == [0.001171, 0.001171, 0.001172])
        #expect(sensors[0].mountMatrix.rows == [SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)])
        #expect(sensors.allSatisfy { $0.samplingFrequency == 50 && $0.identity == sensors[0].identity })
    }

    @Test("udev's ACCEL_MOUNT_MATRIX re-mounts the magnetometer inside the IMU through its own driver matrix")
    func udevMatrixReachesTheMagnetometer() throws {
        // The driver says device = A · chip_accel and device = M · chip_magn; udev says device = U · chip_accel.
        // The magnetometer in udev's frame is U · A⁻¹ · M, not U (its axes are not the accelerometer's).
        let (environment, root) = try DriverShape.sysfs(
            [("iio:device0", "platform/i2c-1/1-0068")],
            udev: ["iio:device0": "E:ACCEL_MOUNT_MATRIX=-1, 0, 0; 0, -1, 0; 0, 0, 1"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sensors = try FakeDevice.analyze([DriverShape.mpu9250()], isLocal: true, environment: environment)
        #expect(sensors.allSatisfy { $0.mountMatrixSource == .udev })
        #expect(sensors[0].mountMatrix.rows == [SIMD3(-1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, 1)])
        #expect(sensors[1].mountMatrix.rows == [SIMD3(-1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, 1)])
        // A = [[0,1,0],[-1,0,0],[0,0,1]], A⁻¹ = Aᵀ; U · Aᵀ = [[0,1,0],[-1,0,0],[0,0,1]]; times M:
        #expect(sensors[2].mountMatrix.rows == [SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, -1)])
        // A field along the AK8963's x reads, in udev's device frame, as U · A⁻¹ · M · x.
        let field = try #require(sensors[2].convert(raw: SIMD3(1000, 0, 0)))
        #expect(abs(field.x - 117.1) < 1e-9 && field.y == 0 && field.z == 0)
    }

    @Test("compensated 32-bit values (bmm150) keep every bit through the scan format and the conversion")
    func compensated32Bit() throws {
        let device = FakeDevice.device(
            name: "bmc150_magn",
            channels: FakeDevice.axes("magn", firstIndex: 0, format: "le:s32/32>>0")
                + [DeviceSnapshot.ChannelSnapshot(
                    id: "mount", type: "mount", axis: nil, isOutput: false, scanIndex: nil, format: nil,
                    attributes: ["matrix": "in_mount_matrix"])],
            attributes: ["sampling_frequency"],
            values: [
                "in_magn_scale": "0.000625", "in_mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1",
                "sampling_frequency": "10",
            ])
        let sensor = try #require(try FakeDevice.analyze([device]).first)
        #expect(sensor.axes.map { $0.format?.description } == Array(repeating: "le:s32/32>>0", count: 3))
        #expect(sensor.captureMode == .polled)
        // 0xFFFE0000 little-endian is −131072: beyond 16 bits, and negative.
        let bytes: [UInt8] = [0x00, 0x00, 0xFE, 0xFF]
        let format = try #require(sensor.axes[0].format)
        let raw = bytes.withUnsafeBytes { format.value(in: $0, at: 0) }
        #expect(raw == -131_072)
        let field = try #require(sensor.convert(raw: SIMD3(raw, 80_000, 0)))
        #expect(abs(field.x - -8192) < 1e-9 && abs(field.y - 5000) < 1e-9)  // × 0.000625 G × 100 µT/G
    }

    @Test("no sampling frequency at all (mxc4005): the rate is unknown and the capture plans the rate it needs")
    func noSamplingFrequency() throws {
        let device = FakeDevice.device(
            name: "mxc4005", channels: DriverShape.polledAxes("accel"), values: ["in_accel_scale": "0.009582"])
        let sensor = try #require(try FakeDevice.analyze([device]).first)
        #expect(sensor.samplingFrequency == nil && sensor.samplingFrequencyAttribute == nil)
        #expect(sensor.availableFrequencies == nil && sensor.mountMatrixSource == .none)
        let plan = FrequencyPlan(sensors: [sensor], interval: 0.02)
        #expect(plan.steps.isEmpty)
        #expect(plan.rate() == plan.needed)
    }

    @Test("an _available list the driver refuses to read (stk8ba50: EINVAL) leaves it unknown, the rest is read")
    func unreadableAvailableList() throws {
        var channels = DriverShape.polledAxes("accel")
        for index in channels.indices {
            channels[index].attributes["sampling_frequency"] = "in_accel_sampling_frequency"
            channels[index].attributes["sampling_frequency_available"] = "in_accel_sampling_frequency_available"
        }
        let device = FakeDevice.device(
            name: "stk8ba50", channels: channels,
            values: ["in_accel_scale": "0.0384", "in_accel_sampling_frequency": "14"],
            errors: ["in_accel_sampling_frequency_available": .invalidArgument])
        let sensor = try #require(try FakeDevice.analyze([device]).first)
        #expect(sensor.samplingFrequency == 14)
        #expect(sensor.availableFrequencies == nil)
    }

    @Test("a chip without a timestamp channel (fxas21002c, or no buffer at all) is polled and timed by the host")
    func noTimestampChannel() throws {
        // fxas21002c has scan elements but no timestamp channel and, without an IRQ, no trigger.
        let scanned = FakeDevice.device(
            name: "fxas21002c", channels: FakeDevice.axes("anglvel", firstIndex: 0, format: "be:s16/16>>0"),
            values: ["in_anglvel_scale": "62.5"])
        let sensor = try #require(try FakeDevice.analyze([scanned]).first)
        #expect(sensor.timestamp == nil)
        #expect(sensor.captureMode == .polled, "\(sensor.captureReason)")
        let unbuffered = FakeDevice.device(
            name: "mpu6050", channels: DriverShape.polledAxes("accel"), values: ["in_accel_scale": "0.000598"])
        let polled = try #require(try FakeDevice.analyze([unbuffered]).first)
        #expect(polled.timestamp == nil && polled.captureMode == .polled && !polled.hasScanElements)
    }
}
