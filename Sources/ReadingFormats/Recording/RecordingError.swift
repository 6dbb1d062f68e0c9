#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextFormats

/// Why a recording (the recording CSV of docs/formats.md, or a PPG recording for `heart-rate`) could not be read or
/// written, with where: the file and the line.
///
/// `description` is one line, `<source>:<line>: <what is wrong>; <how to fix it>`, ready for `error:`.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened (errno).
        case cannotOpen(errno: Int32)
        /// Reading or writing failed (errno).
        case ioFailed(errno: Int32)
        /// The input is empty: not even a header line.
        case empty
        /// A required column is absent from the header (or a magnetometer column without its two siblings).
        case missingColumn(String)
        /// A column name appears twice in the header.
        case duplicateColumn(String)
        /// A field of a used column is not a number (`text` is the field, cut to 40 bytes).
        case notANumber(column: String, text: String)
        /// A row has a different number of fields than the header.
        case wrongFieldCount(expected: Int, found: Int)
        /// `t` is not greater than the previous row's (or not finite).
        case timeNotIncreasing(previous: Double, found: Double)
        /// A line is longer than the reader's buffer (bytes).
        case lineTooLong(limit: Int)
        /// The samples come faster than the reading's processing is made for (Hz: the recording's nominal rate, and
        /// the highest rate taken), which only times in the wrong unit give.
        case sampleRateTooHigh(rate: Double, maximum: Double)
    }

    /// Which kind of recording was read: what a message about its header names.
    public enum Contents: Sendable, Equatable {
        /// The recording format: t, accelerometer, gyroscope, optional magnetometer (and PPG) columns.
        case motion
        /// A pulse recording: t and a PPG column (`PPGRecordingReader`).
        case pulse
        /// An accelerometer recording for steps: t and the accelerometer columns (`AccelerometerRecordingReader`).
        case accelerometer
        /// A barometer's recording for the altimeter: t, pressure and optionally temperature
        /// (`PressureRecordingReader`).
        case pressure
    }

    /// The file path, or `<stdin>`.
    public var source: String
    /// The 1-based line number, when the problem is on a line.
    public var line: Int?
    /// What went wrong.
    public var reason: Reason
    /// The kind of recording expected.
    public var contents: Contents

    public init(source: String, line: Int? = nil, reason: Reason, contents: Contents = .motion) {
        self.source = source
        self.line = line
        self.reason = reason
        self.contents = contents
    }

    /// The header a recording of `contents` needs, for messages.
    private var neededHeader: String {
        switch contents {
        case .motion:
            RecordingColumns.required.joined(separator: ",") + " (magn_x,magn_y,magn_z optional, all three)"
        case .pulse:
            "t and a PPG column: ppg (a pulse wave rising at systole) or one of "
                + PPGColumns.intensities.joined(separator: ", ") + " (sensor intensities)"
        case .accelerometer:
            "t," + AccelerometerRecordingReader.columns.joined(separator: ",")
                + " (the recording format, or the accelerometer alone)"
        case .pressure:
            "t,pressure (kPa) and optionally temperature (°C)"
        }
    }

    /// True when the data is malformed (sysexits 65), false for I/O failures (74).
    public var isMalformedInput: Bool {
        switch reason {
        case .cannotOpen, .ioFailed: false
        default: true
        }
    }

    public var description: String {
        let place = line.map { "\(source):\($0)" } ?? source
        switch reason {
        case .cannotOpen(let code):
            return "cannot open '\(source)': \(Self.message(code)); check the path and its permissions"
        case .ioFailed(let code):
            return "\(place): \(Self.message(code))"
        case .empty:
            return "\(place): empty input, not even a header line; the header needs \(neededHeader)"
        case .missingColumn(let name):
            return "\(place): missing column '\(name)'; the header needs \(neededHeader)"
        case .duplicateColumn(let name):
            return "\(place): column '\(name)' appears twice in the header; keep one"
        case .notANumber(let column, let text):
            return "\(place): column '\(column)' is not a number: '\(text)'"
        case .wrongFieldCount(let expected, let found):
            return "\(place): \(found) fields but the header has \(expected); every row needs one field per column"
        case .timeNotIncreasing(let previous, let found):
            if !found.isFinite { return "\(place): t is '\(found)'; t must be a finite number of seconds" }
            return "\(place): t = \(DoubleText.shortest(found)) does not increase "
                + "(previous row: \(DoubleText.shortest(previous))); t must be strictly increasing"
        case .lineTooLong(let limit):
            return "\(place): line longer than \(limit) bytes; is this a recording CSV?"
        case .sampleRateTooHigh(let rate, let maximum):
            return "\(place): the samples come at about \(DoubleText.shortest(Self.twoDigits(rate))) Hz, more than the "
                + "\(DoubleText.shortest(maximum)) Hz this reading takes; t must be in seconds"
        }
    }

    /// `value` (positive) rounded to two significant digits, for people.
    private static func twoDigits(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return value }
        let exponent = Int(log10(value).rounded(.down)) - 1
        guard exponent < 0 else {
            let scale = pow(10, Double(exponent))
            return (value / scale).rounded() * scale
        }
        let scale = pow(10, Double(-exponent))
        return (value * scale).rounded() / scale
    }

    private static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
