import SystemSupport

/// Turns a capture's altitude updates (height above the capture's first pressure reading) into one run of
/// `AltitudeData` (height above the run's first update), as CoreMotion's relative altitude starts from 0 when its
/// updates start. Thread-safe: the capture thread adds, whoever made it may read.
final class AltitudeBaseline: @unchecked Sendable {
    // @unchecked: `first` is guarded by `lock`.
    private let lock = ThreadLock()
    private var first: Double?

    /// The data of `update`, its altitude counted from the first update this baseline saw.
    func data(_ update: AltitudeUpdate) -> AltitudeData {
        let height = update.reading.relativeAltitude
        let base = lock.withLock { () -> Double in
            if first == nil { first = height }
            return first ?? height
        }
        return AltitudeData(
            timestamp: update.t, relativeAltitude: height - base, pressure: update.reading.pressure)
    }

    /// Starts the next run from its first update.
    func reset() {
        lock.withLock { first = nil }
    }
}
