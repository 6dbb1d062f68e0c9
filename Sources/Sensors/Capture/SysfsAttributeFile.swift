#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sysfs attribute (`/sys/bus/iio/devices/iio:deviceN/in_accel_x_raw`) kept open and read again from offset 0 for
/// every value: sysfs regenerates the text on each read from the start, so a poll costs one seek and one read instead
/// of libiio's open, read and close (`iio_channel_attr_read` reopens the file every time). That matters on slow
/// machines: the polled BMI160 path reads six attributes per tick, and under QEMU TCG that reopening kept a 50 Hz
/// poll at about 31 Hz.
///
/// Local contexts only; one instance per reading thread.
final class SysfsAttributeFile {
    /// The file's path.
    let path: String
    private let descriptor: Int32

    /// A failed read, with the C library's `errno` (ENODEV: the device was removed).
    struct ReadError: Error, Equatable, CustomStringConvertible {
        let errno: Int32
        var description: String { String(cString: strerror(errno)) }
    }

    /// Opens `path` for reading; nil when it cannot be opened.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The attribute's current text, without surrounding whitespace.
    ///
    /// One `pread` at offset 0 (sysfs hands the whole value, at most a page, to a single read from the start).
    ///
    /// - Throws: the read's error (a removed device answers ENODEV).
    func readText() throws(ReadError) -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { (buffer) throws(ReadError) -> String in
            var count: Int
            repeat {
                count = pread(descriptor, buffer.baseAddress, buffer.count, 0)
            } while count < 0 && errno == EINTR
            guard count >= 0 else { throw ReadError(errno: errno) }
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            return String(Substring(text).trimmingWhitespace)
        }
    }

    /// The attribute's current value as a number, or nil when the text is not one.
    func readDouble() throws(ReadError) -> Double? {
        Double(try readText())
    }
}
