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
package final class SysfsAttributeFile {
    /// The file's path.
    package let path: String
    private let descriptor: Int32

    /// Opens `path` for reading; nil when it cannot be opened.
    package init?(path: String) {
        guard let descriptor = try? SystemCall.open(path, O_RDONLY) else { return nil }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { try? SystemCall.close(descriptor, path: path) }

    /// The attribute's current text, without surrounding spaces, tabs and line ends.
    ///
    /// One `pread` at offset 0 (sysfs hands the whole value, at most a page, to a single read from the start).
    ///
    /// - Throws: the read's error (a removed device answers `ENODEV`).
    package func readText() throws(SystemError) -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { (buffer) throws(SystemError) -> String in
            let count = try SystemCall.read(
                descriptor, into: UnsafeMutableRawBufferPointer(buffer), atOffset: 0, path: path)
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            let bytes = buffer[..<count]
            guard let first = bytes.firstIndex(where: { !blank($0) }),
                let last = bytes.lastIndex(where: { !blank($0) })
            else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[first...last]), as: UTF8.self)
        }
    }

    /// The attribute's current value as a number, or nil when the text is not one.
    package func readDouble() throws(SystemError) -> Double? {
        Double(try readText())
    }
}
