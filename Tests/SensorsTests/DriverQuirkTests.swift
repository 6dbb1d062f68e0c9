import Foundation
import IIO
import Testing

@testable import Sensors

/// The drivers whose scale is not in the IIO ABI's unit (`DriverQuirks`), with the attribute values Linux 6.1 gives.
@Suite("Scale corrections of drivers that break the IIO ABI")
struct DriverQuirkTests {
    static func device(_ name: String, _ type: String, scale: String, id: String = "iio:device0") -> DeviceSnapshot {
        FakeDevice.device(
            id: id, name: name, channels: DriverShape.polledAxes(type), values: ["in_\(type)_scale": scale])
    }

    @Test("fxos8700's accelerometer scale is g per count: 1024 counts at 0.000976 are 1 g in m/s²; its magnetometer is left alone")
    func fxos8700() throws {
        let accel = Self.device("fxos8700", "accel", scale: "0.000976")
        var magn = Self.device("fxos8700", "magn", scale: "0.001")
        magn.channels = accel.channels + DriverShape.polledAxes("magn")
        magn.read = { (location: AttributeLocation) throws(IIOError) -> String in
            location.file == "in_accel_scale" ? "0.000976" : "0.001"
        }
        let sensors = try FakeDevice.analyze([magn])
        #expect(sensors.map(\.kind) == [.accelerometer, .magnetometer])
        #expect(sensors[0].scaleCorrection?.factor == 9.80665)
        #expect(sensors[0].scaleCorrection?.source == .driverTable)
        #expect(sensors[0].scale == [0.000976, 0.000976, 0.000976])  // as the driver reports it
        let gravity = try #require(sensors[0].convert(raw: SIMD3(0, 0, 1024)))
        #expect(abs(gravity.z - 1024 * 0.000976 * 9.80665) < 1e-12)
        #expect(sensors[1].scaleCorrection == nil)
        #expect(abs((try #require(sensors[1].convert(raw: SIMD3(500, 0, 0)))).x - 50) < 1e-12)
    }

    @Test("fxas21002c's gyroscope scale is millidegrees/s per count: 16 counts at 62.5 are 1 °/s in rad/s")
    func fxas21002c() throws {
        let sensor = try #require(try FakeDevice.analyze([Self.device("fxas21002c", "anglvel", scale: "62.5")]).first)
        #expect(sensor.scaleCorrection?.source == .driverTable)
        let rate = try #require(sensor.convert(raw: SIMD3(16, -16, 0)))
        #expect(abs(rate.x - Double.pi / 180) < 1e-12 && abs(rate.y + Double.pi / 180) < 1e-12)
    }

    @Test("hmc5883l's magnetometer scale is a hundredth of Gauss per count: 1090 counts are 1 G = 100 µT")
    func hmc5883l() throws {
        let sensor = try #require(try FakeDevice.analyze([Self.device("hmc5883l", "magn", scale: "0.000009174")]).first)
        #expect(sensor.scaleCorrection?.factor == 100)
        let field = try #require(sensor.convert(raw: SIMD3(1090, 0, 0)))
        #expect(abs(field.x - 100) < 0.01)
    }

    @Test("a driver reporting the ABI's unit is not corrected, even under a listed name")
    func fixedDriver() throws {
        let sensors = try FakeDevice.analyze([
            Self.device("fxos8700", "accel", scale: "0.009576"), Self.device("bmi160", "accel", scale: "0.000598"),
        ])
        #expect(sensors.allSatisfy { $0.scaleCorrection == nil })
    }

    @Test("udev's BODYREADINGS_<TYPE>_SCALE_FACTOR overrides the table (1 turns it off) and corrects any driver")
    func udevOverride() throws {
        let devices = [
            Self.device("fxos8700", "accel", scale: "0.000976", id: "iio:device0"),
            Self.device("mychip", "anglvel", scale: "0.5", id: "iio:device1"),
        ]
        let (environment, root) = try DriverShape.sysfs(
            [("iio:device0", "platform/i2c-1/1-001e"), ("iio:device1", "platform/i2c-1/1-0020")],
            udev: [
                "iio:device0": "E:BODYREADINGS_ACCEL_SCALE_FACTOR=1",
                "iio:device1": "E:BODYREADINGS_ANGLVEL_SCALE_FACTOR=0.001",
            ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sensors = try FakeDevice.analyze(devices, isLocal: true, environment: environment)
        #expect(sensors[0].scaleCorrection?.factor == 1)
        #expect(sensors[0].scaleCorrection?.source == .udev)
        #expect(abs((sensors[0].convert(raw: SIMD3(1000, 0, 0))?.x ?? 0) - 0.976) < 1e-12)
        #expect(sensors[1].scaleCorrection?.factor == 0.001)
        #expect(abs((sensors[1].convert(raw: SIMD3(2000, 0, 0))?.x ?? 0) - 1) < 1e-12)
    }

    @Test("a udev scale factor that is not a positive number is an error naming the property")
    func malformedUdevFactor() throws {
        let (environment, root) = try DriverShape.sysfs(
            [("iio:device0", "platform/i2c-1/1-001e")], udev: ["iio:device0": "E:BODYREADINGS_ACCEL_SCALE_FACTOR=-2"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try FakeDevice.analyze(
                [Self.device("fxos8700", "accel", scale: "0.000976")], isLocal: true, environment: environment)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .malformedAttribute)
            #expect(error.attribute == "BODYREADINGS_ACCEL_SCALE_FACTOR")
            #expect(error.message.contains("'-2'"))
        }
    }
}
