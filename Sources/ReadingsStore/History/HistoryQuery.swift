/// What a history asks for — a reading, a range, a granularity — built from the text parameters that the CLI
/// (`history --today | --from T --to T --per P`) and the HTTP API (`?from=&to=&per=`) both take, so that both answer
/// the same question the same way. ``ReadingsDatabase/history(_:)`` answers it; ``History`` renders the answer.
public struct HistoryQuery: Sendable, Hashable {
    /// The readings a history can be asked of.
    public enum Reading: String, Sendable, Hashable, CaseIterable {
        case steps
        case heartRate = "heart-rate"
        case flights
    }

    public var reading: Reading
    public var range: TimeRange
    public var granularity: Granularity

    public init(reading: Reading, range: TimeRange, granularity: Granularity) {
        self.reading = reading
        self.range = range
        self.granularity = granularity
    }

    /// The query the text parameters describe (see ``TimeText`` for the time forms).
    ///
    /// - Parameters:
    ///   - from: the start; nil for today.
    ///   - to: the end (a date includes that whole day); nil for now. Only with `from`.
    ///   - today: the local day holding `now`; excludes `from` and `to`.
    ///   - per: `minute`, `hour` or `day` (default `day`).
    ///   - now: the current time, Unix time s.
    public init(
        reading: Reading, from: String?, to: String?, today: Bool = false, per: String?, now: Double
    ) throws(HistoryQueryError) {
        var granularity = Granularity.day
        if let per {
            guard let chosen = Granularity(rawValue: per) else { throw .unknownGranularity(per) }
            granularity = chosen
        }
        if today, from != nil || to != nil { throw .todayWithRange }
        let range: TimeRange
        switch (from, to) {
        case (nil, nil):
            range = .today(now: now)
        case (nil, .some):
            throw .endWithoutStart
        case (let from?, let to):
            let start: Double
            do throws(TimeTextError) {
                start = try TimeText.parseStart(from)
            } catch {
                throw .malformedTime(parameter: .from, error)
            }
            var end = now
            if let to {
                do throws(TimeTextError) {
                    end = try TimeText.parseEnd(to)
                } catch {
                    throw .malformedTime(parameter: .to, error)
                }
            }
            guard end > start else { throw .emptyRange(start: start, end: end) }
            range = TimeRange(start: start, end: end)
        }
        self.init(reading: reading, range: range, granularity: granularity)
    }
}
