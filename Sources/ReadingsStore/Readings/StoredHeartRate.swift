/// One stored heart-rate reading.
public struct StoredHeartRate: Sendable, Hashable {
    /// When, Unix time, s.
    public var time: Double
    /// The heart rate, beats/min.
    public var heartRate: Double

    public init(time: Double, heartRate: Double) {
        self.time = time
        self.heartRate = heartRate
    }
}
