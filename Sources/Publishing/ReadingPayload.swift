import Barometry
import Fusion
import MQTT
import MotionMath
import ReadingFormats
import TextFormats

/// The JSON payloads BodyReadings publishes (schema in docs/mqtt.md): one sample object per reading, batched
/// as `{"device":…,"samples":[…]}`; the status document.
///
/// Field names of `imu/data` and `imu/data_raw` follow ROS `sensor_msgs/Imu`: `orientation`, `angular_velocity`,
/// `linear_acceleration` (the accelerometer's specific force, gravity included: gravity + user acceleration), beside
/// our `gravity` and `user_acceleration`. Every sample carries `t` (s, the readings' clock, as `stream` prints it) and
/// `time` (Unix time, s). Motion values are rounded to 10⁻⁶ of their unit (10⁻⁷ for the quaternion, 10⁻³ s for
/// `time`), far below the sensors' noise, which keeps a 100-sample message near 25 kB instead of 40; steps, beats and
/// altitude are their output rows (`EventRow`: the same names and rounding on every wire) with `time` after `t`.
public enum ReadingPayload {
    /// The sample object of a device-motion update.
    public static func sample(_ motion: MotionEstimate, time: Double) -> JSONValue {
        let measured = Vector3(motion.gravity.simd + motion.userAcceleration.simd)
        let q = motion.attitude
        return .object(
            stamps(motion.t, time) + [
                (
                    "orientation",
                    .object([
                        ("w", number(q.w, 1e7)), ("x", number(q.x, 1e7)), ("y", number(q.y, 1e7)),
                        ("z", number(q.z, 1e7)),
                    ])
                ),
                ("angular_velocity", vector(motion.rotationRate)),
                ("linear_acceleration", vector(measured)),
                ("gravity", vector(motion.gravity)),
                ("user_acceleration", vector(motion.userAcceleration)),
            ])
    }

    /// The sample object of a calibrated accelerometer and gyroscope sample (`imu/data_raw`).
    public static func rawSample(_ sample: IMUSample, time: Double) -> JSONValue {
        .object(
            stamps(sample.t, time) + [
                ("angular_velocity", vector(sample.gyroscope)),
                ("linear_acceleration", vector(sample.accelerometer)),
            ])
    }

    /// The sample object of a magnetometer reading (`imu/mag`), µT.
    public static func magneticSample(t: Double, field: Vector3, time: Double) -> JSONValue {
        .object(stamps(t, time) + [("magnetic_field", vector(field))])
    }

    /// The sample object of a step, a beat or an altimeter reading: its row with `time` after `t`.
    public static func sample(_ row: some EventRow, time: Double) -> JSONValue {
        stamped(row.jsonMembers, time: time)
    }

    /// The sample object of the day's flights at `t`.
    public static func flights(t: Double, ascended: Int, descended: Int, time: Double) -> JSONValue {
        let floors = AltitudeReading.flightsMembers(ascended: ascended, descended: descended)
        return stamped([("t", WirePrecision.time(t))] + floors, time: time)
    }

    /// A message body of samples: `{"device":…,"samples":[…]}` as UTF-8.
    public static func batch(deviceID: String, samples: [JSONValue]) -> [UInt8] {
        Array(JSONValue.object([("device", .string(deviceID)), ("samples", .array(samples))]).rendered.utf8)
    }

    /// The status document: `{"device":…,"state":"online"|"offline","time":…,"delivered":…,"dropped":…,
    /// "queued":…,"connections":…}`. Without `statistics` (the last will, fixed at connection time) only device and
    /// state.
    public static func status(
        deviceID: String, online: Bool, time: Double? = nil, statistics: MQTTPublisherStatistics? = nil
    ) -> [UInt8] {
        var members: [(String, JSONValue)] = [
            ("device", .string(deviceID)), ("state", .string(online ? "online" : "offline")),
        ]
        if let time { members.append(("time", number(time, 1e3))) }
        if let statistics {
            members += [
                ("delivered", .number(Double(statistics.delivered))),
                ("dropped", .number(Double(statistics.dropped))),
                ("queued", .number(Double(statistics.queued))),
                ("connections", .number(Double(statistics.connections))),
            ]
        }
        return Array(JSONValue.object(members).rendered.utf8)
    }

    private static func stamps(_ t: Double, _ time: Double) -> [(String, JSONValue)] {
        [("t", WirePrecision.time(t)), unixTime(time)]
    }

    /// `members` (a row, `t` first) with the Unix `time` after `t`.
    private static func stamped(_ members: [(String, JSONValue)], time: Double) -> JSONValue {
        .object(Array(members.prefix(1)) + [unixTime(time)] + members.dropFirst())
    }

    private static func unixTime(_ time: Double) -> (String, JSONValue) {
        ("time", number(time, 1e3))
    }

    private static func vector(_ value: Vector3) -> JSONValue {
        .object([("x", number(value.x, 1e6)), ("y", number(value.y, 1e6)), ("z", number(value.z, 1e6))])
    }

    /// `value` rounded to 1/`scale`.
    private static func number(_ value: Double, _ scale: Double) -> JSONValue {
        .number((value * scale).rounded() / scale)
    }
}
