/// The readings the web API and the dashboard show.
public enum ReadingKind: String, Sendable, Hashable, CaseIterable {
    /// Fused device motion: attitude, rotation rate, gravity, user acceleration.
    case motion
    /// Steps: each step with the running count, cadence and activity, and the steps of the day.
    case steps
    /// Heartbeats: heart rate, RR interval and quality.
    case heartRate = "heart_rate"
    /// A barometer's altitude and the flights climbed today.
    case altitude

    /// The name in JSON and in the API's paths (`motion`, `steps`, `heart_rate`, `altitude`).
    public var name: String { rawValue }
}
