import BodyReadings
import SystemSupport

/// The protocol line of the latest update of one reading, encoded once however many subscribers are due for it
/// (a fan-out delivers the same update to each in turn, on one thread).
final class LineCache<Update: Timestamped>: @unchecked Sendable {
    // @unchecked: `time` and `line` are guarded by `lock`.
    private let encode: @Sendable (Update) -> [UInt8]
    private let lock = ThreadLock()
    private var time = -Double.infinity
    private var line: [UInt8] = []

    init(_ encode: @escaping @Sendable (Update) -> [UInt8]) {
        self.encode = encode
    }

    /// The line of `update` (updates of one reading have distinct, increasing times).
    func line(for update: Update) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if update.timestamp != time {
            line = encode(update)
            time = update.timestamp
        }
        return line
    }
}
