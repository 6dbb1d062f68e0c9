import Foundation
import Testing

@testable import ReadingsStore

/// Everything that depends on the process's time zone, in one serialised suite: each test sets `TZ` (POSIX rules,
/// so no tzdata is needed) and puts it back. Local days and hours across daylight-saving changes and in a zone with a
/// half-hour offset, "today", and the time arguments.
@Suite(.serialized) struct LocalTimeTests {
    /// Central European time with its EU rules (last Sunday of March 02:00 → 03:00, of October 03:00 → 02:00).
    static let berlin = "CET-1CEST,M3.5.0,M10.5.0/3"
    /// India: UTC+5:30, no daylight saving.
    static let india = "IST-5:30"

    /// Sets `TZ` to `zone` until `restoreZone()`.
    func useZone(_ zone: String) {
        setTimeZone(zone)
    }

    /// Puts back the `TZ` the process started with.
    func restoreZone() {
        if let saved = Self.startZone { setTimeZone(saved) } else { unsetenv("TZ"); tzset() }
    }

    static let startZone = ProcessInfo.processInfo.environment["TZ"]

    /// 2026-10-25 (the autumn change in Europe) 00:00 CEST = 2026-10-24T22:00Z.
    static let longDay: Double = 1_792_879_200

    @Test func localDaysFollowDaylightSavingChanges() throws {
        useZone(Self.berlin)
        defer { restoreZone() }
        let file = try StoreFile()
        let store = try file.open(retention: Retention(perMinute: .infinity, samples: .infinity))
        let recorder = manualRecorder(store)
        // One step every 10 minutes from 2026-10-24 00:00 CEST (= 10-23T22:00Z) for three local days.
        let start = Self.longDay - 86400
        for index in 0..<(3 * 24 * 6 + 6) {
            recorder.recordSteps(1, at: start + Double(index) * 600)
        }
        try recorder.close()
        let days = try store.steps(in: TimeRange(start: start, end: start + 4 * 86400), per: .day)
        #expect(days.map { TimeText.format($0.start) } == [
            "2026-10-24T00:00:00+02:00", "2026-10-25T00:00:00+02:00", "2026-10-26T00:00:00+01:00",
        ])
        // 73 hours of steps: the 25th has 25 of them.
        #expect(days.map(\.steps) == [144, 150, 144])
        #expect(days[1].end - days[1].start == 25 * 3600)
        let hours = try store.steps(in: TimeRange(start: Self.longDay, end: Self.longDay + 86400 + 3600), per: .hour)
        #expect(hours.count == 25)
        #expect(hours.allSatisfy { $0.steps == 6 && $0.end - $0.start == 3600 })
        #expect(TimeText.format(hours[2].start) == "2026-10-25T02:00:00+02:00")
        #expect(TimeText.format(hours[3].start) == "2026-10-25T02:00:00+01:00")
    }

    @Test func aHalfHourOffsetCutsHoursAndDaysAtHalfPastUTC() throws {
        useZone(Self.india)
        defer { restoreZone() }
        let file = try StoreFile()
        let store = try file.open(retention: Retention(perMinute: .infinity, samples: .infinity))
        let recorder = manualRecorder(store)
        // Steps in every minute of two UTC days, as many as the minute's index within its UTC hour.
        for minute in 0..<(2 * 1440) {
            recorder.recordSteps(minute % 60, at: dayStart + Double(minute) * 60)
        }
        try recorder.close()
        let range = TimeRange(start: dayStart, end: dayStart + 2 * 86400)
        let days = try store.steps(in: range, per: .day)
        // Local days start at 18:30 UTC: 2026-11-30 05:30 IST is the first minute, clipped to the range.
        #expect(days.map { TimeText.format($0.start) } == [
            "2026-11-30T05:30:00+05:30", "2026-12-01T00:00:00+05:30", "2026-12-02T00:00:00+05:30",
        ])
        let perHour = 1770  // 0 + 1 + … + 59
        let firstHalf = 435  // 0 + … + 29, the minutes before half past
        let expected: [Int] = [18 * perHour + firstHalf, 24 * perHour, 5 * perHour + perHour - firstHalf]
        #expect(days.map(\.steps) == expected)
        let hours = try store.steps(in: TimeRange(start: dayStart + 1800, end: dayStart + 5 * 3600 + 1800), per: .hour)
        #expect(hours.map { TimeText.format($0.start) }.first == "2026-11-30T06:00:00+05:30")
        #expect(hours.count == 5 && hours.allSatisfy { $0.steps == perHour && $0.minutes == 60 })
    }

    @Test func todayIsTheLocalDayAroundNow() {
        useZone(Self.berlin)
        defer { restoreZone() }
        // 2026-03-29 (spring change: 23 hours), 12:00 CEST = 10:00Z.
        let today = TimeRange.today(now: 1_774_778_400)
        #expect(TimeText.format(today.start) == "2026-03-29T00:00:00+01:00")
        #expect(TimeText.format(today.end) == "2026-03-30T00:00:00+02:00")
        #expect(today.end - today.start == 23 * 3600)
        // 00:30 local on 1 December is still 30 November in UTC.
        let early = TimeRange.today(now: 1_796_081_400)
        #expect(TimeText.format(early.start) == "2026-12-01T00:00:00+01:00")
        useZone("UTC0")
        #expect(TimeRange.today(now: dayStart + 86399) == TimeRange(start: dayStart, end: dayStart + 86400))
    }

    @Test func timeArgumentsAreDatesLocalTimesOrInstantsWithAnOffset() throws {
        useZone(Self.berlin)
        defer { restoreZone() }
        #expect(try TimeText.parseStart("2026-11-30") == dayStart - 3600)
        #expect(try TimeText.parseEnd("2026-11-30") == dayStart - 3600 + 86400)
        #expect(try TimeText.parseStart("2026-11-30T08:15") == dayStart + 7 * 3600 + 900)
        #expect(try TimeText.parseStart("2026-11-30 08:15:30.25") == dayStart + 7 * 3600 + 930.25)
        #expect(try TimeText.parseEnd("2026-11-30T08:15:30") == dayStart + 7 * 3600 + 930)
        #expect(try TimeText.parseStart("2026-11-30T08:15:00Z") == dayStart + 8 * 3600 + 900)
        #expect(try TimeText.parseStart("2026-11-30T08:15:00+05:30") == dayStart + 8 * 3600 + 900 - 19800)
        #expect(try TimeText.parseStart("2026-11-30T08:15-0500") == dayStart + 13 * 3600 + 900)
        #expect(try TimeText.parseStart("2026-11-30T08:15:00-05") == dayStart + 13 * 3600 + 900)
        #expect(try TimeText.parseStart("2024-02-29") > 0)
        #expect(TimeText.format(dayStart) == "2026-11-30T01:00:00+01:00")
        #expect(TimeText.format(Self.longDay - 1) == "2026-10-24T23:59:59+02:00")
        useZone("EST5")
        #expect(TimeText.format(dayStart) == "2026-11-29T19:00:00-05:00")
    }

    @Test(arguments: [
        ("2026-13-01", "month 13 is not 1–12"), ("2026-02-29", "day 29 is not in 2026-02"),
        ("2026-11-30T24:00", "hour 24 is not 0–23"), ("2026-11-30T10:60", "minute 60 is not 0–59"),
        ("1969-12-31", "times before 1970 hold no readings"), ("yesterday", "expected a year (YYYY)"),
        ("2026-11-30T10", "expected ':' after the hour"), ("2026-11-30T10:00+1", "offset's hours"),
        ("2026-11-30T10:00:00.", "digits after the decimal point"), ("2026-11-30x", "expected 'T'"),
        ("2026-11-30T10:00Zjunk", "unexpected text after the time"), ("", "expected a year"),
    ])
    func malformedTimeArgumentsSayWhatIsWrong(text: String, reason: String) {
        useZone(Self.berlin)
        defer { restoreZone() }
        #expect {
            try TimeText.parseStart(text)
        } throws: { error in
            let error = error as? TimeTextError
            return error?.text == text && error?.reason.contains(reason) == true
        }
    }

    @Test func historyParametersMakeAQueryOrSayWhichIsWrong() throws {
        useZone(Self.berlin)
        defer { restoreZone() }
        let now = dayStart + 12 * 3600
        let today = try HistoryQuery(reading: .steps, from: nil, to: nil, per: nil, now: now)
        #expect(today.range == TimeRange.today(now: now) && today.granularity == .day)
        let explicit = try HistoryQuery(reading: .heartRate, from: nil, to: nil, today: true, per: "hour", now: now)
        #expect(explicit.range == today.range && explicit.granularity == .hour)
        let open = try HistoryQuery(reading: .steps, from: "2026-11-01", to: nil, per: "minute", now: now)
        #expect(open.range == TimeRange(start: 1_793_487_600, end: now))
        let november = try HistoryQuery(reading: .steps, from: "2026-11-01", to: "2026-11-30", per: nil, now: now)
        #expect(november.range.end - november.range.start == 30 * 86400)

        func failure(_ from: String?, _ to: String?, today: Bool = false, per: String? = nil) -> HistoryQueryError? {
            do {
                _ = try HistoryQuery(reading: .steps, from: from, to: to, today: today, per: per, now: now)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure(nil, nil, per: "week") == .unknownGranularity("week"))
        #expect(failure(nil, "2026-11-30") == .endWithoutStart)
        #expect(failure("2026-11-30", nil, today: true) == .todayWithRange)
        #expect(failure(nil, "2026-11-30", today: true) == .todayWithRange)
        let ten = dayStart + 36000
        #expect(failure("2026-11-30T10:00Z", "2026-11-30T10:00Z") == .emptyRange(start: ten, end: ten))
        #expect(failure("2026-11-31", nil)?.parameter == .from)
        #expect(failure("2026-11-30", "soon")?.parameter == .to)
        #expect(failure("2026-11-30", "soon")?.description.hasPrefix("to: 'soon' is not a time") == true)
    }

    @Test func aHistoryRendersTheSameNumbersAsCSVAndJSON() throws {
        useZone("UTC0")
        defer { restoreZone() }
        let query = HistoryQuery(
            reading: .heartRate, range: TimeRange(start: dayStart, end: dayStart + 7200), granularity: .hour)
        let history = History(query: query, buckets: .heartRate([
            HeartRateBucket(
                start: dayStart, end: dayStart + 3600, mean: 71.26, minimum: 58, maximum: 96.5, samples: 12, beats: 20,
                minutes: 2),
            HeartRateBucket(
                start: dayStart + 3600, end: dayStart + 7200, mean: nil, minimum: nil, maximum: nil, samples: 0,
                beats: 3, minutes: 1),
        ]))
        #expect(history.csv == """
            start,end,mean_heart_rate,min_heart_rate,max_heart_rate,samples,beats,minutes
            2026-11-30T00:00:00+00:00,2026-11-30T01:00:00+00:00,71.3,58,96.5,12,20,2
            2026-11-30T01:00:00+00:00,2026-11-30T02:00:00+00:00,,,,0,3,1

            """)
        #expect(history.json.rendered == """
            {"reading":"heart-rate","from":"2026-11-30T00:00:00+00:00","to":"2026-11-30T02:00:00+00:00","per":"hour",\
            "buckets":[{"start":"2026-11-30T00:00:00+00:00","end":"2026-11-30T01:00:00+00:00","mean_heart_rate":71.3,\
            "min_heart_rate":58,"max_heart_rate":96.5,"samples":12,"beats":20,"minutes":2},\
            {"start":"2026-11-30T01:00:00+00:00","end":"2026-11-30T02:00:00+00:00","mean_heart_rate":null,\
            "min_heart_rate":null,"max_heart_rate":null,"samples":0,"beats":3,"minutes":1}]}
            """)
    }
}
