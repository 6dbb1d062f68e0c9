import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import SystemSupport
import Testing

/// An owner that keeps its thread's handle while the thread's closure captures the owner, as `MotionCapture` does.
private final class ThreadOwner: @unchecked Sendable {
    // @unchecked: `thread` is written once before the thread can read anything of it.
    var thread: NamedThread?
    let done = DispatchSemaphore(value: 0)

    func start() {
        thread = NamedThread.start(name: "br cycle test") { [self] in done.signal() }
    }
}

/// Issue 14 §6: AddressSanitizer reported MotionManagerCalibrationTests' captures as leaked: a `NamedThread` kept
/// its closure after it ran, so an owner holding the handle and captured by the closure was never freed.
@Suite("NamedThread: no cycle through a finished thread's closure")
struct NamedThreadCycleTests {
    @Test func anOwnerCapturedByItsThreadIsFreedAfterTheThreadEnds() {
        weak var released: ThreadOwner?
        do {
            let owner = ThreadOwner()
            released = owner
            owner.start()
            #expect(owner.done.wait(timeout: .now() + 10) == .success)
        }
        // The thread drops its last reference just after the closure returns.
        let deadline = DispatchTime.now() + 10
        while released != nil, DispatchTime.now() < deadline { usleep(1000) }
        #expect(released == nil, "the owner is still alive: the finished thread keeps its closure")
    }
}
