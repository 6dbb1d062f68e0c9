import BodyReadings
import Foundation
import IIODTestServer
import Testing

@testable import BodyReadingsCLI

#if canImport(Glibc)
import Glibc
#endif

@Suite("available and info over ip: against the test iiod", .serialized)
struct SensorCommandsNetworkTests {
    @Test("available answers for every fixture, exit status following device motion", arguments: [
        ("bmi160", Int32(0)), ("hid-sensor-hub", 0), ("st-lsm6dsx", 0), ("inv-icm42600", 0), ("inv-mpu6050", 0),
        ("accel-only", 1), ("bma400", 1), ("bmi160-bma400", 0), ("empty", 1),
    ])
    func available(name: String, status: Int32) throws {
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(name)))
        defer { server.stop() }
        let result = runTool(["available", "--uri", server.uri])
        #expect(result.status == status, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(result.out.contains("device motion: \(status == 0 ? "yes" : "no")"))
        let json = runTool(["available", "--json", "--uri", server.uri])
        #expect(json.status == status)
        #expect(json.out.contains("\"device_motion\":\(status == 0 ? "true" : "false")"))
    }

    @Test("a board with a step-counting chip: available says so (text and JSON), info lists the counter")
    func stepCounter() throws {
        let server = try IIODTestServer(fixture: .imuWithStepCounter)
        defer { server.stop() }
        let available = runTool(["available", "--uri", server.uri])
        #expect(available.status == 0, "\(available.err)")
        #expect(available.out.contains("steps:         yes (step counter: bma400, iio:device1)"))
        let json = runTool(["available", "--json", "--uri", server.uri])
        #expect(
            json.out.hasSuffix(
                "\"device_motion\":true,\"steps\":true,\"step_counter\":true,\"heart_rate\":false,\"barometer\":false}\n"))
        let info = runTool(["info", "--uri", server.uri])
        #expect(info.status == 0)
        #expect(info.out.contains("\nsteps: bma400 (iio:device1)\n"))
        #expect(info.out.contains("counter         in_steps_input (24 bits, wraps to 0)"))
        #expect(info.out.contains("enable          in_steps_en (now off)"))
        #expect(info.out.contains(
            "activity        in_activity_still_input, in_activity_walking_input, in_activity_running_input"))
        let infoJSON = runTool(["info", "--json", "--uri", server.uri])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(infoJSON.out.utf8)) as? [String: Any])
        let counters = try #require(object["step_counters"] as? [[String: Any]])
        #expect(counters.count == 1)
        #expect(counters.first?["count_attribute"] as? String == "in_steps_input")
        #expect(counters.first?["enabled"] as? Bool == false)
        #expect((counters.first?["activity_attributes"] as? [String: String])?["running"] == "in_activity_running_input")
        let bmi160 = try IIODTestServer(fixture: .bmi160)
        defer { bmi160.stop() }
        let plain = runTool(["available", "--uri", bmi160.uri])
        #expect(plain.out.contains("steps:         yes (counted from the accelerometer)"))
    }

    @Test("info --json reports scale, offset, mount matrix, rates, trigger and capture mode (inv_mpu6050)")
    func infoJSON() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let result = runTool(["info", "--json", "--uri", server.uri])
        #expect(result.status == 0, "\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let sensors = try #require(object["sensors"] as? [[String: Any]])
        #expect(sensors.count == 2)
        let accel = sensors[0]
        #expect(accel["kind"] as? String == "accelerometer")
        #expect(accel["scale"] as? [Double] == [0.004785, 0.004785, 0.004785])
        #expect(accel["offset"] as? [Double] == [0, 0, 0])
        #expect(accel["mount_matrix"] as? [[Double]] == [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])
        #expect(accel["mount_matrix_source"] as? String == "attribute")
        #expect(accel["sampling_frequency"] as? Double == 50)
        #expect((accel["available_frequencies"] as? [String: Any])?["discrete"] as? [Double] == [10, 20, 50, 100, 200, 500])
        #expect(accel["trigger"] as? String == "mpu6050-dev0")
        #expect(accel["capture_mode"] as? String == "buffered")
        #expect(sensors[1]["scale"] as? [Double] == [0.001064724, 0.001064724, 0.001064724])
        let human = runTool(["info", "--uri", server.uri])
        #expect(human.out.contains("mount matrix    0, 1, 0; -1, 0, 0; 0, 0, 1 (attribute, in_mount_matrix)"))
        #expect(human.out.contains("sampling        50 Hz (sampling_frequency)"))
    }

    @Test("bmi160 through iiod: GETTRIG's EIO means no trigger, so it is polled")
    func bmi160Polled() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let result = runTool(["info", "--uri", server.uri])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("trigger         none"))
        #expect(result.out.contains("capture         polled"))
        #expect(result.out.contains("scale           0.000598 m/s²/count (in_accel_scale)"))
    }

    @Test("bad attribute values: permission denied 77, non-numeric 65, missing scale 69; one line each", arguments: [
        ("in_accel_scale", nil as String?, EACCES as Int32?, false, Int32(77), "udev/60-bodyreadings.rules"),
        ("in_anglvel_scale", "abc", nil, false, 65, "in_anglvel_scale"),
        ("in_accel_scale", nil, nil, true, 69, "in_accel_scale"),
    ])
    func badValues(file: String, value: String?, readError: Int32?, remove: Bool, status: Int32, mention: String) throws {
        let server = try IIODTestServer(
            fixture: .hidSensorHub.changingFile(file, value: value, readError: readError, remove: remove))
        defer { server.stop() }
        for command in ["available", "info"] {
            let result = runTool([command, "--uri", server.uri])
            #expect(result.status == status, "\(command): \(result.err)")
            #expect(result.err.hasPrefix("error: "))
            #expect(result.err.contains(mention), "\(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
        }
    }
}
