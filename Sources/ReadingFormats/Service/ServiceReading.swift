/// The readings `bodyreadings serve` shares, by their names in the socket protocol (docs/socket-api.md).
public enum ServiceReading: String, Sendable, Hashable, CaseIterable {
    /// Fused device motion: attitude, rotation rate, gravity, user acceleration (the `stream --format jsonl` object).
    case motion
    /// Calibrated IMU samples: acceleration, rotation rate and, with a magnetometer, magnetic field.
    case raw
    /// Steps: the count since the service started, cadence and activity, one event per step.
    case steps
    /// Heartbeats: heart rate, RR interval and quality, one event per beat.
    case heartRate = "heart_rate"
    /// The barometer: pressure, relative altitude and the flights climbed today, one event per pressure reading.
    case altitude

    /// The protocol's name (`motion`, `raw`, `steps`, `heart_rate`, `altitude`), also the name in the web API's JSON
    /// and paths.
    public var name: String { rawValue }

    /// The readings a person is shown — by the web API, the dashboards and MQTT: all but the calibrated samples
    /// (`raw`), which only the socket shares.
    public static let shown: [ServiceReading] = [.motion, .steps, .heartRate, .altitude]
}
