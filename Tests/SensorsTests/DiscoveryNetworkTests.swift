import Foundation
import IIODTestServer
import Testing

@testable import Sensors

#if canImport(Glibc)
import Glibc
#endif

/// Expected discovery results per fixture, from the drivers' attribute values the fixtures serve.
struct ExpectedSensor: Sendable {
    var kind: SensorKind
    var device: String
    var scale: Double
    var matrix: [SIMD3<Double>]
    var matrixSource: MountMatrixSource
    var frequency: Double?
    var available: FrequencyList?
    var trigger: String?
    var ownTrigger: String?
    var mode: CaptureMode
    var timestampIndex: Int?
    var format: String
}

let identityRows: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]

let expectations: [(fixture: String, sensors: [ExpectedSensor])] = [
    ("bmi160", [
        ExpectedSensor(
            kind: .accelerometer, device: "bmi160", scale: 0.000598, matrix: identityRows, matrixSource: .attribute,
            frequency: 100, available: .discrete([0.78125, 1.5625, 3.125, 6.25, 12.5, 25, 50, 100, 200, 400, 800, 1600]),
            trigger: nil, ownTrigger: nil, mode: .polled, timestampIndex: 10, format: "le:S16/16>>0"),
        ExpectedSensor(
            kind: .gyroscope, device: "bmi160", scale: 0.001065, matrix: identityRows, matrixSource: .attribute,
            frequency: 100, available: .discrete([25, 50, 100, 200, 400, 800, 1600, 3200]),
            trigger: nil, ownTrigger: nil, mode: .polled, timestampIndex: 10, format: "le:S16/16>>0"),
    ]),
    ("hid-sensor-hub", [
        ExpectedSensor(
            kind: .accelerometer, device: "accel_3d", scale: 0.0980665, matrix: identityRows, matrixSource: .none,
            frequency: 100, available: nil, trigger: "accel_3d-dev0", ownTrigger: "accel_3d-dev0", mode: .buffered,
            timestampIndex: 3, format: "le:S32/32>>0"),
        ExpectedSensor(
            kind: .gyroscope, device: "gyro_3d", scale: 0.000174532, matrix: identityRows, matrixSource: .none,
            frequency: 100, available: nil, trigger: "gyro_3d-dev1", ownTrigger: "gyro_3d-dev1", mode: .buffered,
            timestampIndex: 3, format: "le:S32/32>>0"),
        ExpectedSensor(
            kind: .magnetometer, device: "magn_3d", scale: 0.001, matrix: identityRows, matrixSource: .none,
            frequency: 100, available: nil, trigger: "magn_3d-dev2", ownTrigger: "magn_3d-dev2", mode: .buffered,
            timestampIndex: nil, format: "le:S32/32>>0"),
    ]),
    ("st-lsm6dsx", [
        ExpectedSensor(
            kind: .accelerometer, device: "lsm6dsm_accel", scale: 0.000598, matrix: identityRows,
            matrixSource: .attribute, frequency: 104, available: .discrete([12.5, 26, 52, 104, 208, 416]),
            trigger: nil, ownTrigger: nil, mode: .buffered, timestampIndex: 3, format: "le:S16/16>>0"),
        ExpectedSensor(
            kind: .gyroscope, device: "lsm6dsm_gyro", scale: 0.000153, matrix: identityRows,
            matrixSource: .attribute, frequency: 104, available: .discrete([12.5, 26, 52, 104, 208, 416]),
            trigger: nil, ownTrigger: nil, mode: .buffered, timestampIndex: 3, format: "le:S16/16>>0"),
    ]),
    ("inv-icm42600", [
        ExpectedSensor(
            kind: .accelerometer, device: "icm42605-accel", scale: 0.004788403,
            matrix: [SIMD3(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)], matrixSource: .attribute, frequency: 50,
            available: .discrete([12.5, 25, 50, 100, 200, 400, 800, 1600]), trigger: nil, ownTrigger: nil,
            mode: .buffered, timestampIndex: 4, format: "be:S16/16>>0"),
        ExpectedSensor(
            kind: .gyroscope, device: "icm42605-gyro", scale: 0.001065264,
            matrix: [SIMD3(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)], matrixSource: .attribute, frequency: 50,
            available: .discrete([12.5, 25, 50, 100, 200, 400, 800, 1600]), trigger: nil, ownTrigger: nil,
            mode: .buffered, timestampIndex: 4, format: "be:S16/16>>0"),
    ]),
    ("inv-mpu6050", [
        ExpectedSensor(
            kind: .accelerometer, device: "mpu6050", scale: 0.004785,
            matrix: [SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)], matrixSource: .attribute, frequency: 50,
            available: .discrete([10, 20, 50, 100, 200, 500]), trigger: "mpu6050-dev0", ownTrigger: "mpu6050-dev0",
            mode: .buffered, timestampIndex: 7, format: "be:S16/16>>0"),
        ExpectedSensor(
            kind: .gyroscope, device: "mpu6050", scale: 0.001064724,
            matrix: [SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)], matrixSource: .attribute, frequency: 50,
            available: .discrete([10, 20, 50, 100, 200, 500]), trigger: "mpu6050-dev0", ownTrigger: "mpu6050-dev0",
            mode: .buffered, timestampIndex: 7, format: "be:S16/16>>0"),
    ]),
    ("accel-only", [
        ExpectedSensor(
            kind: .accelerometer, device: "accel_3d", scale: 0.0980665, matrix: identityRows, matrixSource: .none,
            frequency: 100, available: nil, trigger: "accel_3d-dev0", ownTrigger: "accel_3d-dev0", mode: .buffered,
            timestampIndex: 3, format: "le:S32/32>>0"),
    ]),
    ("bma400", [
        ExpectedSensor(
            kind: .accelerometer, device: "bma400", scale: 0.009577, matrix: identityRows, matrixSource: .none,
            frequency: 100, available: .discrete([12.5, 25, 50, 100, 200, 400, 800]), trigger: nil, ownTrigger: nil,
            mode: .polled, timestampIndex: 4, format: "le:s12/16>>0"),
    ]),
    ("empty", []),
]

@Suite("Discovery through libiio's network client against the test iiod", .serialized)
struct DiscoveryNetworkTests {
    @Test("every fixture: sensors, scales, offsets, mount matrices, rates, triggers, capture modes", arguments: expectations.map(\.fixture))
    func fixture(name: String) throws {
        let fixture = try #require(IIOFixture.named(name))
        let expected = try #require(expectations.first { $0.fixture == name }).sensors
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let inventory = try SensorDiscovery.discover(uri: server.uri)
        #expect(inventory.backend == "network")
        #expect(inventory.valuesAvailable)
        #expect(inventory.sensors.count == expected.count)
        for (sensor, want) in zip(inventory.sensors, expected) {
            let label = "\(name) \(want.kind)"
            #expect(sensor.kind == want.kind, "\(label)")
            #expect(sensor.deviceName == want.device, "\(label)")
            #expect(sensor.scale == [want.scale, want.scale, want.scale], "\(label)")  // exact: parsed as Double
            #expect(sensor.offset == [0, 0, 0], "\(label)")
            #expect(sensor.mountMatrix.rows == want.matrix, "\(label)")
            #expect(sensor.mountMatrixSource == want.matrixSource, "\(label)")
            #expect(sensor.samplingFrequency == want.frequency, "\(label)")
            #expect(sensor.availableFrequencies == want.available, "\(label)")
            #expect(sensor.trigger == want.trigger, "\(label)")
            #expect(sensor.isTriggerKnown, "\(label)")
            #expect(sensor.ownTrigger == want.ownTrigger, "\(label)")
            #expect(sensor.captureMode == want.mode, "\(label): \(sensor.captureReason)")
            #expect(sensor.timestamp?.scanIndex == want.timestampIndex, "\(label)")
            #expect(sensor.axes.map { $0.format?.description } == Array(repeating: want.format, count: 3), "\(label)")
            #expect(sensor.axes.map(\.id) == ["x", "y", "z"].map { "\(want.kind.channelType)_\($0)" }, "\(label)")
            #expect(sensor.identity.rawValue.hasPrefix(want.device + "@"), "\(label)")
        }
        let kinds = Set(expected.map(\.kind))
        #expect(inventory.isDeviceMotionAvailable == (kinds.contains(.accelerometer) && kinds.contains(.gyroscope)))
        #expect(inventory.isMagnetometerAvailable == kinds.contains(.magnetometer))
    }

    @Test("the same fixture through xml: finds the same sensors and capture modes, without values", arguments: expectations.map(\.fixture))
    func xml(name: String) throws {
        let fixture = try #require(IIOFixture.named(name))
        let expected = try #require(expectations.first { $0.fixture == name }).sensors
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(name)-\(UUID()).xml").path
        try fixture.writeXML(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let inventory = try SensorDiscovery.discover(uri: "xml:\(path)")
        #expect(inventory.sensors.map(\.kind) == expected.map(\.kind))
        #expect(inventory.sensors.map(\.deviceName) == expected.map(\.device))
        #expect(inventory.sensors.allSatisfy { $0.scale == nil && !$0.isTriggerKnown })
        #expect(inventory.valuesAvailable == expected.isEmpty)
        // Without trigger answers, capture follows own triggers and FIFOs; mpu6050 and HID have their own trigger.
        #expect(inventory.sensors.map(\.captureMode) == expected.map(\.mode))
    }

    @Test("permission denied on a scale read is a permissionDenied error naming device and attribute")
    func permissionDenied() throws {
        let server = try IIODTestServer(fixture: .bmi160.changingFile("in_accel_scale", readError: EACCES))
        defer { server.stop() }
        do {
            _ = try SensorDiscovery.discover(uri: server.uri)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .permissionDenied)
            #expect(error.attribute == "in_accel_scale")
            #expect(error.device == "iio:device0 (bmi160)")
        }
    }

    @Test("a non-numeric scale is malformedAttribute; a missing one missingAttribute")
    func badValues() throws {
        let garbage = try IIODTestServer(fixture: .hidSensorHub.changingFile("in_anglvel_scale", value: "abc"))
        defer { garbage.stop() }
        do {
            _ = try SensorDiscovery.discover(uri: garbage.uri)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .malformedAttribute)
            #expect(error.attribute == "in_anglvel_scale")
            #expect(error.message.contains("'abc'"))
        }
        let missing = try IIODTestServer(fixture: .stLsm6dsx.changingFile("in_accel_scale", remove: true))
        defer { missing.stop() }
        do {
            _ = try SensorDiscovery.discover(uri: missing.uri)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .missingAttribute)
            #expect(error.attribute == "in_accel_scale")
            #expect(error.device == "iio:device0 (lsm6dsm_accel)")
        }
    }

    @Test("a rate the driver refuses (EINVAL) is unknown, the rest is discovered")
    func refusedRate() throws {
        let server = try IIODTestServer(
            fixture: .bmi160.changingFile("in_accel_sampling_frequency", readError: EINVAL))
        defer { server.stop() }
        let inventory = try SensorDiscovery.discover(uri: server.uri)
        #expect(inventory.sensors.first?.samplingFrequency == nil)
        #expect(inventory.sensors.last?.samplingFrequency == 100)
    }
}
