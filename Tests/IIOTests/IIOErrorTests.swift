import Testing

@testable import IIO

#if canImport(Glibc)
import Glibc
#endif

@Suite("IIOError and IIOErrno")
struct IIOErrorTests {
    @Test("named error numbers are the POSIX values")
    func names() {
        #expect(IIOErrno.permissionDenied.rawValue == EACCES)
        #expect(IIOErrno.notPermitted.rawValue == EPERM)
        #expect(IIOErrno.noSuchFileOrDirectory.rawValue == ENOENT)
        #expect(IIOErrno.noSuchDevice.rawValue == ENODEV)
        #expect(IIOErrno.busy.rawValue == EBUSY)
        #expect(IIOErrno.invalidArgument.rawValue == EINVAL)
        #expect(IIOErrno.notImplemented.rawValue == ENOSYS)
        #expect(IIOErrno.timedOut.rawValue == ETIMEDOUT)
        #expect(IIOErrno.ioError.rawValue == EIO)
        #expect(IIOErrno.connectionRefused.rawValue == ECONNREFUSED)
        #expect(IIOErrno.brokenPipe.rawValue == EPIPE)
        #expect(IIOErrno.permissionDenied.description == "Permission denied")
    }

    @Test("the funnel turns -errno into an error naming operation, device and attribute")
    func funnel() {
        let subject = ErrorSubject(attribute: "in_accel_scale")
        #expect(throws: IIOError(operation: "iio_device_attr_read", errno: .permissionDenied, attribute: "in_accel_scale")) {
            try check(Int(-EACCES), "iio_device_attr_read", subject)
        }
        #expect((try? check(Int32(3), "op", subject)) == 3)
    }

    @Test("an IIOError matches its errno in a catch pattern")
    func matching() {
        let error: any Error = IIOError(operation: "iio_device_attr_write", errno: .busy, deviceID: "iio:device0")
        var matched = false
        switch error {
        case IIOErrno.permissionDenied: matched = false
        case IIOErrno.busy: matched = true
        default: matched = false
        }
        #expect(matched)
    }

    @Test("the description is one line naming everything")
    func description() {
        let error = IIOError(
            operation: "iio_device_attr_read", errno: .permissionDenied, deviceID: "iio:device0", deviceName: "bmi160",
            attribute: "in_accel_scale")
        #expect(
            error.description
                == "iio_device_attr_read on iio:device0 (bmi160), attribute 'in_accel_scale': Permission denied (errno 13)")
        #expect(!error.description.contains("\n"))
    }
}
