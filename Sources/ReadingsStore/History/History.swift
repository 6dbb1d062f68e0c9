/// The answer to a ``HistoryQuery``: its buckets, oldest first. Buckets without stored minutes are left out.
public struct History: Sendable, Hashable {
    /// The buckets of the reading asked for.
    public enum Buckets: Sendable, Hashable {
        case steps([StepsBucket])
        case heartRate([HeartRateBucket])
        case flights([FlightsBucket])
    }

    /// The question.
    public var query: HistoryQuery
    /// The answer.
    public var buckets: Buckets

    public init(query: HistoryQuery, buckets: Buckets) {
        self.query = query
        self.buckets = buckets
    }

    /// The number of buckets.
    public var count: Int {
        switch buckets {
        case .steps(let buckets): return buckets.count
        case .heartRate(let buckets): return buckets.count
        case .flights(let buckets): return buckets.count
        }
    }
}

extension ReadingsDatabase {
    /// Answers `query`.
    public func history(_ query: HistoryQuery) throws(StoreError) -> History {
        switch query.reading {
        case .steps:
            return History(query: query, buckets: .steps(try steps(in: query.range, per: query.granularity)))
        case .heartRate:
            return History(query: query, buckets: .heartRate(try heartRate(in: query.range, per: query.granularity)))
        case .flights:
            return History(query: query, buckets: .flights(try flights(in: query.range, per: query.granularity)))
        }
    }
}
