/// What a subscription delivers: a reading, or a change of the reading's availability (the sensor vanished, the
/// finger left the PPG sensor, it came back).
public enum ReadingUpdate<Reading: Sendable>: Sendable {
    /// A new reading.
    case reading(Reading)
    /// The reading became available or unavailable.
    case availability(ReadingAvailability)
}
