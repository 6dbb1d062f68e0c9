/// The time arguments of the history queries (`history --from/--to`, the HTTP API's `from=`/`to=`) and the times of
/// their answers: ISO 8601 in local time or with an offset, or a date.
///
/// Accepted forms (the `T` may be a space; seconds and fractions are optional):
/// - `2026-11-30`: a local date. As a start it is that day's midnight; as an end, the next midnight, so that
///   `--from 2026-11-01 --to 2026-11-30` holds all of 30 November.
/// - `2026-11-30T08:15`, `2026-11-30T08:15:30.5`: local time (`TZ`, else `/etc/localtime`).
/// - `2026-11-30T08:15:30Z`, `…+01:00`, `…+0100`, `…-05`, `…-00:44:30`: an instant with its offset from UTC.
///
/// Answers are written as local time with the offset, `2026-11-30T00:00:00+01:00`.
public enum TimeText {
    /// The Unix time (s) that `text` starts: a date's midnight, else the instant.
    public static func parseStart(_ text: String) throws(TimeTextError) -> Double {
        LocalTime.refreshZone()
        return try parse(text, asEnd: false)
    }

    /// The Unix time (s) that a range ending with `text` ends: the midnight after a date, else the instant.
    public static func parseEnd(_ text: String) throws(TimeTextError) -> Double {
        LocalTime.refreshZone()
        return try parse(text, asEnd: true)
    }

    /// `time` (Unix time, s; fractions dropped) as local ISO 8601 with the offset: `2026-11-30T08:15:00+01:00`. An
    /// offset of a part of a minute (Liberia's -00:44:30 until 1972) is written with its seconds, `-00:44:30`.
    public static func format(_ time: Double) -> String {
        let local = LocalTime.fields(Int64(time.rounded(.down)))
        let offset = abs(local.utcOffset)
        let seconds = offset % 60 == 0 ? "" : ":\(pad(offset % 60))"
        return "\(pad(local.year, 4))-\(pad(local.month))-\(pad(local.day))T\(pad(local.hour)):\(pad(local.minute)):"
            + "\(pad(local.second))\(local.utcOffset < 0 ? "-" : "+")\(pad(offset / 3600)):\(pad(offset / 60 % 60))"
            + seconds
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func parse(_ text: String, asEnd: Bool) throws(TimeTextError) -> Double {
        var scanner = Scanner(text: text)
        let year = try scanner.number(digits: 4, "a year (YYYY)")
        try scanner.expect("-", "'-' after the year")
        let month = try scanner.number(digits: 2, "a month (MM)")
        try scanner.expect("-", "'-' after the month")
        let day = try scanner.number(digits: 2, "a day (DD)")
        guard (1...12).contains(month) else { throw scanner.error("month \(month) is not 1–12") }
        guard (1...daysInMonth(year: year, month: month)).contains(day) else {
            throw scanner.error("day \(day) is not in \(pad(year, 4))-\(pad(month))")
        }
        guard year >= 1970 else { throw scanner.error("times before 1970 hold no readings") }
        if scanner.atEnd {
            let midnight = LocalTime.time(year: year, month: month, day: asEnd ? day + 1 : day)
            return Double(midnight)
        }
        guard scanner.take("T") || scanner.take("t") || scanner.take(" ") else {
            throw scanner.error("expected 'T' and a time after the date")
        }
        let hour = try scanner.number(digits: 2, "an hour (hh)")
        try scanner.expect(":", "':' after the hour")
        let minute = try scanner.number(digits: 2, "minutes (mm)")
        var second = 0
        var fraction = 0.0
        if scanner.take(":") {
            second = try scanner.number(digits: 2, "seconds (ss)")
            if scanner.take(".") || scanner.take(",") { fraction = try scanner.fraction() }
        }
        guard hour <= 23 else { throw scanner.error("hour \(hour) is not 0–23") }
        guard minute <= 59 else { throw scanner.error("minute \(minute) is not 0–59") }
        guard second <= 60 else { throw scanner.error("second \(second) is not 0–60") }
        if scanner.atEnd {
            return Double(LocalTime.time(year: year, month: month, day: day, hour: hour, minute: minute,
                                         second: second)) + fraction
        }
        let offset = try scanner.utcOffset()
        guard scanner.atEnd else { throw scanner.error("unexpected text after the time") }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (H. Hinnant, "chrono-compatible
    /// low-level date algorithms", `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Reads the ASCII text left to right.
    private struct Scanner {
        let text: String
        private let bytes: [UInt8]
        private var index = 0

        init(text: String) {
            self.text = text
            bytes = Array(text.utf8)
        }

        var atEnd: Bool { index == bytes.count }

        func error(_ reason: String) -> TimeTextError {
            TimeTextError(text: text, reason: reason)
        }

        mutating func take(_ character: Character) -> Bool {
            guard !atEnd, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        mutating func expect(_ character: Character, _ what: String) throws(TimeTextError) {
            guard take(character) else { throw error("expected \(what)") }
        }

        mutating func number(digits: Int, _ what: String) throws(TimeTextError) -> Int {
            var value = 0
            for _ in 0..<digits {
                guard !atEnd, (48...57).contains(bytes[index]) else {
                    throw error("expected \(what): the forms are YYYY-MM-DD, YYYY-MM-DDThh:mm[:ss][Z|±hh:mm]")
                }
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
            }
            return value
        }

        mutating func fraction() throws(TimeTextError) -> Double {
            var value = 0.0
            var scale = 0.1
            let start = index
            while !atEnd, (48...57).contains(bytes[index]) {
                value += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { throw error("expected digits after the decimal point") }
            return value
        }

        /// `Z`, `±hh`, `±hhmm`, `±hh:mm` or `±hh:mm:ss` (what ``TimeText/format(_:)`` writes for an offset of a
        /// part of a minute), as seconds east of UTC.
        mutating func utcOffset() throws(TimeTextError) -> Int {
            if take("Z") || take("z") { return 0 }
            let sign: Int
            if take("+") {
                sign = 1
            } else if take("-") {
                sign = -1
            } else {
                throw error("expected 'Z' or an offset like +01:00 after the time")
            }
            let hours = try number(digits: 2, "the offset's hours (±hh:mm)")
            var minutes = 0
            var seconds = 0
            if !atEnd {
                let colon = take(":")
                minutes = try number(digits: 2, "the offset's minutes (±hh:mm)")
                if colon, take(":") { seconds = try number(digits: 2, "the offset's seconds (±hh:mm:ss)") }
            }
            guard hours <= 23, minutes <= 59, seconds <= 59 else { throw error("offset out of range") }
            return sign * (hours * 3600 + minutes * 60 + seconds)
        }
    }
}
