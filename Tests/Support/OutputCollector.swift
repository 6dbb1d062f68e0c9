import Foundation

/// The two output streams of a subprocess, filled by the threads that drain them.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var outData = Data()
    private var errData = Data()

    func setOut(_ data: Data) { lock.withLock { outData = data } }
    func setErr(_ data: Data) { lock.withLock { errData = data } }
    var out: Data { lock.withLock { outData } }
    var err: Data { lock.withLock { errData } }
}
