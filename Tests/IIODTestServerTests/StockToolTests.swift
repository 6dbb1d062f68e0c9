import Foundation
import MotionMath
import Glibc
import TestSupport
import Testing
@testable import IIODTestServer

/// The stock libiio 0.24 tools, i.e. the real network client, against the server.
@Suite("Stock libiio tools", .enabled(if: Tools.haveLibiioUtils, "needs libiio-utils (scripts/install-deps installs it)"))
struct StockToolTests {
    @Test("iio_info lists every fixture's devices with attribute values", arguments: IIOFixture.all)
    func iioInfo(_ fixture: IIOFixture) throws {
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let result = try Subprocess.run("iio_info", ["-u", server.uri])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("IIO context has \(fixture.devices.count) devices"))
        #expect(result.text.contains("Backend version: 0.24 (git tag: v0.24)"))
        for device in fixture.devices {
            #expect(result.text.contains("\(device.id): \(device.name)"))
        }
        if fixture.devices.contains(where: { !$0.isTrigger }) {
            #expect(result.text.contains("current_timestamp_clock value: realtime"))
            #expect(!result.text.contains("Function not implemented"))
        }
    }

    @Test("iio_info shows bmi160's raw values from the motion and its trigger check failing with EIO")
    func iioInfoBmi160() throws {
        let flat = TestTrajectory { _ in (Vector3(0, 0, 9.80665), Vector3(0, 0, 0.5), .zero) }
        let server = try IIODTestServer(fixture: .bmi160, trajectory: flat)
        defer { server.stop() }
        let result = try Subprocess.run("iio_info", ["-u", server.uri])
        #expect(result.status == 0)
        // 9.80665 / 0.000598 = 16399.1 → 16399; 0.5 / 0.001065 = 469.5 → 469 or 470 depending on rounding.
        #expect(result.text.contains("raw value: 16399"))
        #expect(result.text.contains("raw value: 469") || result.text.contains("raw value: 470"))
        // iio_info 0.24 prints this error on stdout.
        #expect(result.text.contains("ERROR: checking for trigger : Input/output error (5)"))
    }

    @Test("iio_attr reads and writes through the network client; the server keeps what was written")
    func iioAttr() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let read = try Subprocess.run("iio_attr", ["-u", server.uri, "-c", "mpu6050", "accel_x", "scale"])
        #expect(read.status == 0)
        #expect(read.text == "0.004785\n")
        let write = try Subprocess.run("iio_attr", ["-u", server.uri, "-d", "mpu6050", "sampling_frequency", "100"])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(server.value(device: "mpu6050", attribute: "sampling_frequency") == "100")
        // inv_mpu6050 takes 4–1000 Hz.
        let refused = try Subprocess.run("iio_attr", ["-u", server.uri, "-d", "mpu6050", "sampling_frequency", "2000"])
        #expect(refused.status != 0)
        #expect(refused.text.contains("Invalid argument"))  // iio_attr reports on stdout
        #expect(server.value(device: "mpu6050", attribute: "sampling_frequency") == "100")
        let calibrated = try Subprocess.run("iio_attr", ["-u", server.uri, "-c", "mpu6050", "anglvel_y", "calibbias", "-12"])
        #expect(calibrated.status == 0)
        #expect(server.value(device: "mpu6050", channel: "anglvel_y", attribute: "calibbias") == "-12")
        #expect(server.value(device: "mpu6050", channel: "anglvel_x", attribute: "calibbias") == "0")
    }

    @Test("an injected EACCES reaches iio_attr as 'Permission denied'")
    func permissionDenied() throws {
        let fixture = IIOFixture.hidSensorHub.failingWrites(
            device: "accel_3d", channel: "*", attribute: "in_accel_sampling_frequency", errno: EACCES
        )
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let result = try Subprocess.run("iio_attr", ["-u", server.uri, "-c", "accel_3d", "accel_x", "sampling_frequency", "10"])
        #expect(result.status != 0)
        #expect(result.text.contains("Permission denied (13)"))  // iio_attr reports on stdout
        #expect(server.writes.last?.result == -Int(EACCES))
    }
}
