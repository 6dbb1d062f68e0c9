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
}
