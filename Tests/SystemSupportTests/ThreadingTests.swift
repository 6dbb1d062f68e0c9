import Dispatch
import Testing
@testable import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// The pthread helpers that replaced Foundation's `Thread`, `NSLock` and `NSCondition`.
@Suite struct ThreadingTests {
    @Test func threadRunsItsClosureAndKnowsItself() {
        let done = DispatchSemaphore(value: 0)
        let seen = Box()
        let ready = DispatchSemaphore(value: 0)
        let holder = ThreadHolder()
        let thread = NamedThread.start(name: "BodyReadings test thread, a name longer than 15 bytes") {
            ready.wait()
            seen.set(holder.thread?.isCurrent ?? false)
            done.signal()
        }
        holder.thread = thread
        #expect(!thread.isCurrent, "the starting thread is not the new one")
        ready.signal()
        done.wait()
        #expect(seen.get() == true, "isCurrent is true inside the closure")
        #expect(!thread.isCurrent)
    }

    /// A closure that keeps its own thread's handle is released when it returns (LeakSanitizer found the cycle
    /// handle → closure → holder → handle in the test above, and through `MotionCapture`).
    @Test func theClosureIsReleasedWhenItReturns() {
        weak var released: ThreadHolder?
        let done = DispatchSemaphore(value: 0)
        do {
            let holder = ThreadHolder()
            released = holder
            holder.thread = NamedThread.start(name: "release test") {
                _ = holder.thread?.isCurrent
                done.signal()
            }
        }
        done.wait()
        // The thread releases the closure just after it returns: waited for, generously for a loaded machine.
        var waited = 0
        while released != nil, waited < 3000 {
            usleep(10_000)
            waited += 1
        }
        #expect(released == nil, "the thread's closure kept what it captured")
    }

    @Test func conditionWakesWaiterAndTimesOut() {
        let condition = ThreadCondition()
        let flag = Box()
        let waiter = DispatchSemaphore(value: 0)
        NamedThread.start(name: "waiter") {
            condition.lock()
            while flag.get() != true { condition.wait() }
            condition.unlock()
            waiter.signal()
        }
        condition.lock()
        flag.set(true)
        condition.broadcast()
        condition.unlock()
        waiter.wait()

        // A deadline in the past times out at once and keeps the lock held.
        condition.lock()
        #expect(condition.wait(until: .init(secondsFromNow: -1)) == false)
        condition.unlock()
    }

    @Test func lockSerialises() {
        let lock = ThreadLock()
        let counter = Counter()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            NamedThread.start(name: "adder") {
                for _ in 0..<10_000 { lock.withLock { counter.value += 1 } }
                done.signal()
            }
        }
        for _ in 0..<4 { done.wait() }
        #expect(lock.withLock { counter.value } == 40_000)
    }
}

private final class Box: @unchecked Sendable {
    private let lock = ThreadLock()
    private var stored: Bool?
    func set(_ value: Bool) { lock.withLock { stored = value } }
    func get() -> Bool? { lock.withLock { stored } }
}

private final class Counter: @unchecked Sendable {
    var value = 0
}

private final class ThreadHolder: @unchecked Sendable {
    private let lock = ThreadLock()
    private var stored: NamedThread?
    var thread: NamedThread? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
