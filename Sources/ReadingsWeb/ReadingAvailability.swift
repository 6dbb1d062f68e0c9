/// Whether a reading can be had now, and if not, why: a reading that is missing says so and never shows as zero.
public enum ReadingAvailability: Sendable, Hashable {
    /// The reading is being measured.
    case available
    /// It is not, for `reason`, a short sentence for people: `no PPG sensor found`, `the accelerometer vanished`.
    case unavailable(reason: String)

    /// Whether the reading is measured.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }
}
