import Foundation

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
    private let handle: FileHandle

    /// Opens `path` for reading; nil when it cannot be opened.
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.path = path
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The attribute's current text, without surrounding whitespace.
    ///
    /// - Throws: the read's error (a removed device answers ENODEV).
    func readText() throws -> String {
        try handle.seek(toOffset: 0)
        let data = try handle.read(upToCount: 128) ?? Data()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The attribute's current value as a number, or nil when the text is not one.
    func readDouble() throws -> Double? {
        Double(try readText())
    }
}
