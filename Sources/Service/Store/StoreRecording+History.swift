import ReadingFormats
import ReadingsStore
import SystemSupport
import TextFormats

extension StoreRecording {
    /// Answers a socket `history` request from the store (after writing what is pending, so that the answer holds
    /// the last readings too): steps and heart rate as `bodyreadings history` prints them in JSON, motion as the
    /// per-minute summary (`mean_user_acceleration`, `activity`, `minutes` per bucket), the altitude as the flights
    /// climbed (`"reading":"flights"`, as `history flights` prints them).
    public func history(_ query: ServiceHistoryQuery) throws(ServiceProtocolError) -> [(String, JSONValue)] {
        do throws(StoreError) {
            try flush()
        } catch {
            throw ServiceProtocolError("the readings store failed: \(error)")
        }
        return try Self.history(query, in: store, now: WallClock.now())
    }

    /// The answer to `query` from what `store` holds, as of `now` (Unix time, s): the range without `from` starts at
    /// the beginning of `now`'s local day, without `to` it ends at `now`.
    public static func history(_ query: ServiceHistoryQuery, in store: ReadingsDatabase, now: Double)
        throws(ServiceProtocolError) -> [(String, JSONValue)]
    {
        let start = query.from ?? TimeRange.today(now: now).start
        let range = TimeRange(start: start, end: max(query.to ?? now, start))
        let granularity: Granularity =
            switch query.per {
            case .minute: .minute
            case .hour: .hour
            case .day: .day
            }
        let reading: HistoryQuery.Reading?
        switch query.reading {
        case .steps: reading = .steps
        case .heartRate: reading = .heartRate
        case .motion: reading = nil
        case .raw: throw ServiceProtocolError("raw samples are not stored; ask for steps, heart_rate or motion")
        case .altitude: reading = .flights
        }
        do throws(StoreError) {
            if let reading {
                let history = try store.history(HistoryQuery(reading: reading, range: range, granularity: granularity))
                guard case .object(let members) = history.json else { return [] }
                return members
            }
            let buckets = try store.motion(in: range, per: granularity).map { bucket -> JSONValue in
                .object([
                    ("start", .string(TimeText.format(bucket.start))), ("end", .string(TimeText.format(bucket.end))),
                    ("mean_user_acceleration", bucket.meanUserAcceleration.map(JSONValue.number) ?? .null),
                    ("activity", bucket.activity.map { .string($0.rawValue) } ?? .null),
                    ("minutes", .number(Double(bucket.minutes))),
                ])
            }
            return [
                ("reading", .string("motion")), ("from", .string(TimeText.format(range.start))),
                ("to", .string(TimeText.format(range.end))), ("per", .string(granularity.rawValue)),
                ("buckets", .array(buckets)),
            ]
        } catch {
            throw ServiceProtocolError("the readings store failed: \(error)")
        }
    }
}
