/// Counts of what went missing between the sensor and the caller, reported on stderr and in JSON output.
public struct CaptureStatistics: Sendable, Equatable, Codable {
    /// Samples the sensor took that never arrived: timestamp gaps longer than 1.5 sampling periods, counted as the
    /// number of periods missing.
    public var missedSamples = 0
    /// Gaps (overrun events) behind `missedSamples`.
    public var overruns = 0
    /// Readings dropped by the toolkit itself: out of time order, or more than the bounded merge queues hold.
    public var droppedReadings = 0
    /// Refills that failed and lost data: a libiio refill that times out discards what it had read (Linux IIO
    /// keeps no overflow counter, so a stalled or overflowing buffer shows up this way and as `overruns`).
    public var bufferOverflows = 0

    public init() {}

    /// True when nothing was lost.
    public var isClean: Bool { missedSamples == 0 && overruns == 0 && droppedReadings == 0 && bufferOverflows == 0 }

    /// One line for stderr, e.g. `overruns: 2 (5 samples missed), 0 dropped, 0 buffer overflows`.
    public var summary: String {
        "overruns: \(overruns) (\(missedSamples) samples missed), \(droppedReadings) dropped, "
            + "\(bufferOverflows) buffer overflows"
    }

    /// Adds the counts of `other`.
    public static func + (lhs: CaptureStatistics, rhs: CaptureStatistics) -> CaptureStatistics {
        var sum = lhs
        sum.missedSamples += rhs.missedSamples
        sum.overruns += rhs.overruns
        sum.droppedReadings += rhs.droppedReadings
        sum.bufferOverflows += rhs.bufferOverflows
        return sum
    }
}
