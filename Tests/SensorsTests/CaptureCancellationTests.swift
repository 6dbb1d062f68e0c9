import Testing
import SystemSupport
@testable import Sensors

/// `CaptureCancellation`: the capture loops' wait that `cancel()` cuts short.
@Suite struct CaptureCancellationTests {
    @Test func cancellationEndsAWait() {
        let cancellation = CaptureCancellation()
        #expect(cancellation.wait(seconds: 0.001), "not cancelled: the wait runs out and reports true")
        NamedThread.start(name: "canceller") { cancellation.cancel() }
        #expect(cancellation.wait(seconds: 3600) == false, "cancel() wakes an hour-long wait")
        #expect(cancellation.isCancelled)
    }

    /// A wait shorter than `shortWait` sleeps on the clock to its deadline, and reports a cancel that came before.
    @Test func shortWaitSleepsToItsDeadline() {
        let cancellation = CaptureCancellation()
        let start = MonotonicClock.now()
        #expect(cancellation.wait(untilMonotonic: start + 0.005))
        #expect(MonotonicClock.now() - start >= 0.005 - 1e-6, "woke before the deadline")
        cancellation.cancel()
        #expect(cancellation.wait(untilMonotonic: MonotonicClock.now() + 0.005) == false)
        #expect(cancellation.wait(untilMonotonic: MonotonicClock.now() - 1) == false)
    }
}
