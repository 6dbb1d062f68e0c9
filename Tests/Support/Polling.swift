import Foundation

/// Polls `condition` every 10 ms until it holds or `timeout` seconds (default 5) pass; returns whether it held. For
/// tests that wait for another thread or process (a server noticing a client left, a counter reaching a value).
public func waitUntil(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
