import Foundation

/// Polls `condition` every 10 ms until it holds or `timeout` seconds (default 30) pass; returns whether it held. For
/// tests that wait for another thread or process (a server noticing a client left, a counter reaching a value). The
/// default is generous on purpose: a loaded machine (CI, a sanitizer run) is slow, and a condition that holds ends
/// the wait at once.
public func waitUntil(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
