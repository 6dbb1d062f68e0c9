import SystemSupport

/// What the server's thread shares with callers of ``HTTPServer``: statistics, the stop request and the end.
final class ServerShared: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `condition`'s lock.
    private let condition = ThreadCondition()
    private var statisticsValue = HTTPServerStatistics()
    private var stopRequested = false
    private var finished = false

    var statistics: HTTPServerStatistics {
        condition.lock()
        defer { condition.unlock() }
        return statisticsValue
    }

    func update(_ body: (inout HTTPServerStatistics) -> Void) {
        condition.lock()
        body(&statisticsValue)
        condition.unlock()
    }

    var isStopRequested: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopRequested
    }

    func requestStop() {
        condition.lock()
        stopRequested = true
        condition.unlock()
    }

    /// Called by the server's thread as its last act.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
