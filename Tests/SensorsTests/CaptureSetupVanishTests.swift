import IIO
import Testing
@testable import Sensors

/// A failure while a capture is set up (a frequency written, the trigger chosen, the buffer opened) means the device
/// went away exactly when a capture's or discovery's failure would: ENODEV, or ENOENT on a local device whose sysfs
/// directory is gone. The VM tier saw the hub unplugged while libiio wrote `buffer/watermark` end in 74, not 69.
@Suite("Capture: a device that goes while the capture is set up")
struct CaptureSetupVanishTests {
    @Test func enodevIsAlwaysAVanish() {
        for local in [true, false] {
            #expect(DeviceCapture.isVanish(.noSuchDevice, local: local, directoryExists: { true }))
        }
    }

    @Test func enoentIsAVanishOnlyWhenTheLocalDirectoryIsGone() {
        #expect(DeviceCapture.isVanish(.noSuchFileOrDirectory, local: true, directoryExists: { false }))
        #expect(!DeviceCapture.isVanish(.noSuchFileOrDirectory, local: true, directoryExists: { true }))
        // Through the network the host's /sys says nothing about the remote device: a missing attribute.
        #expect(!DeviceCapture.isVanish(.noSuchFileOrDirectory, local: false, directoryExists: { false }))
    }

    @Test(arguments: [IIOErrno.permissionDenied, .busy, .invalidArgument, .ioError, .timedOut])
    func otherFailuresAreNot(errno: IIOErrno) {
        #expect(!DeviceCapture.isVanish(errno, local: true, directoryExists: { false }))
    }
}
