import SystemSupport

/// The day's flights last published to MQTT, so that `flights` goes out once at the start and then only when a floor
/// changes it. Thread-safe.
final class PublishedFlights: @unchecked Sendable {
    // @unchecked: `last` is guarded by `lock`.
    private let lock = ThreadLock()
    private var last: (ascended: Int, descended: Int)?

    /// Records `floors` and returns true when they differ from the last recorded (or none was).
    func change(to floors: (ascended: Int, descended: Int)) -> Bool {
        lock.withLock {
            defer { last = floors }
            return last.map { $0 != floors } ?? true
        }
    }
}
