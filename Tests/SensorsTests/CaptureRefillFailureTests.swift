import IIO
import Testing
@testable import Sensors

/// What each refill error means, without a device.
@Suite("Capture: refill failures")
struct CaptureRefillFailureTests {
    @Test(arguments: [
        (IIOErrno.timedOut, RefillFailure.stalled),
        (.resourceTemporarilyUnavailable, .stalled),
        (.noSuchDevice, .vanished),
        (.noSuchFileOrDirectory, .vanished),
        (.noSuchDeviceOrAddress, .vanished),
        (.ioError, .vanished),
        (.connectionReset, .vanished),
        (.brokenPipe, .vanished),
        (.connectionRefused, .vanished),
        (.hostUnreachable, .vanished),
        (.permissionDenied, .failed),
        (.busy, .failed),
        (.invalidArgument, .failed),
        (.interrupted, .failed),
        (IIOErrno(rawValue: 9999), .failed),
    ])
    func errnoDecides(errno: IIOErrno, expected: RefillFailure) {
        #expect(RefillFailure(errno, cancelled: false, removed: false) == expected)
    }

    /// A woken refill fails with whatever the backend says then: cancelling wins, then the vanish watch.
    @Test(arguments: [IIOErrno.timedOut, .noSuchDevice, .invalidArgument, .brokenPipe])
    func cancellationAndRemovalComeFirst(errno: IIOErrno) {
        #expect(RefillFailure(errno, cancelled: true, removed: false) == .cancelled)
        #expect(RefillFailure(errno, cancelled: true, removed: true) == .cancelled)
        #expect(RefillFailure(errno, cancelled: false, removed: true) == .removed)
    }
}
