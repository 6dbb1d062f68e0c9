import Dispatch
import Foundation

/// Collects values from handlers on any thread until a value's time passes `until`: waiting on a condition of the
/// data, never on how promptly a loaded machine delivers it.
final class UntilCollector<Value: Sendable>: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var values: [Value] = []
    private let done = DispatchSemaphore(value: 0)
    private var signalled = false

    func add(_ value: Value, time: Double, until: Double) {
        lock.lock()
        values.append(value)
        let finished = time >= until && !signalled
        if finished { signalled = true }
        lock.unlock()
        if finished { done.signal() }
    }

    /// Waits up to `seconds` (default 60: generous for a loaded machine) for a value at or past `until`.
    func wait(seconds: Double = 60) -> Bool { done.wait(timeout: .now() + seconds) == .success }
    var collected: [Value] { lock.withLock { values } }
}
