import Glibc

/// An open `/dev/uhid`: one virtual HID device for as long as the descriptor is open.
public final class UHIDDevice {
    /// The file descriptor, for `poll`.
    public let fileDescriptor: Int32

    /// Opens the uhid character device (needs the `uhid` module and write access). The corresponding C function is
    /// `open`.
    public init(path: String = "/dev/uhid") throws(SystemError) {
        fileDescriptor = try systemCall("open \(path) (is the uhid module loaded, are you root?)") {
            open(path, O_RDWR | O_CLOEXEC)
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Writes one event. The corresponding C function is `write`.
    public func send(_ event: [UInt8]) throws(SystemError) {
        let written = try systemCall("write /dev/uhid") {
            event.withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
        }
        if written != event.count {
            throw SystemError("short write to /dev/uhid (\(written) of \(event.count) bytes)", errno: EIO)
        }
    }

    /// Reads one pending event. The corresponding C function is `read`.
    public func receive() throws(SystemError) -> UHIDEvent.Received? {
        var buffer = [UInt8](repeating: 0, count: UHIDEvent.size)
        let count = try systemCall("read /dev/uhid") {
            buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        }
        return UHIDEvent.Received(Array(buffer.prefix(count)))
    }
}
