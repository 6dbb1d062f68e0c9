/// The encoding of the latest update of one stream of updates, made once however many subscribers send it: a
/// fan-out hands the same update to each of them in turn, and each asks for its bytes (a service's protocol line,
/// a Server-Sent Event).
///
/// Thread-safe.
package final class LatestEncoding: @unchecked Sendable {
    // @unchecked: `time` and `bytes` are guarded by `lock`.
    private let lock = ThreadLock()
    private var time = -Double.infinity
    private var bytes: [UInt8] = []

    package init() {}

    /// The bytes of the update at `time` (updates of one stream have distinct times): `encode`'s, run only for the
    /// first caller of each update.
    package func bytes(at time: Double, _ encode: () -> [UInt8]) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if time != self.time {
            bytes = encode()
            self.time = time
        }
        return bytes
    }
}
