import SystemSupport

/// The one aggregation behind every history: cut a range into buckets and aggregate each series over them.
///
/// A bucket [a, b) takes the hourly rollups for the whole UTC hours inside it and minute rows only for its ragged
/// edges, so a local day costs at most 24 rollup rows and 2 × 59 minute rows however much is stored. The rollups of
/// the whole span are read in one query and handed to the buckets in order; the edges (only in zones whose offset is
/// not whole hours) are aggregated by SQLite. A year per day or per hour is one query over 8760 rollup rows. Minute
/// buckets read the minute rows themselves.
extension ReadingsDatabase {
    /// One bucket's span and totals.
    struct Bucket {
        var start: Int64
        var end: Int64
        var totals: SeriesTotals
    }

    /// The buckets of `range` per `granularity` that hold at least one minute row of `series`, in time order.
    func buckets(_ series: MinuteSeries, in range: TimeRange, per granularity: Granularity) throws(StoreError)
        -> [Bucket]
    {
        try lock.withLock { () throws(StoreError) in
            guard let span = try dataSpan(series, within: range) else { return [] }
            if granularity == .minute { return try minuteBuckets(series, span) }
            LocalTime.refreshZone()
            var hours: HourRows? = try HourRows(series, span, statement(series.selectHours))
            var buckets: [Bucket] = []
            var start = span.lowerBound
            while start < span.upperBound {
                let next =
                    granularity == .day ? LocalTime.startOfNextDay(start) : LocalTime.startOfNextHour(start)
                let end = min(max(next, start + 60), span.upperBound)
                let totals = try aggregate(series, from: start, to: end, hours: &hours)
                if totals.minutes > 0 {
                    // Report the bucket as asked for (clipped to the range), not as far as data reached.
                    let first =
                        start == span.lowerBound ? max(rangeStart(range), bucketStart(start, granularity)) : start
                    let last = end == span.upperBound ? min(rangeEnd(range), next) : end
                    buckets.append(Bucket(start: first, end: last, totals: totals))
                }
                start = end
            }
            return buckets
        }
    }

    /// The totals of `series` over the whole of `range`, or nil when it holds no minute row.
    func total(_ series: MinuteSeries, in range: TimeRange) throws(StoreError) -> SeriesTotals? {
        try lock.withLock { () throws(StoreError) in
            guard let span = try dataSpan(series, within: range) else { return nil }
            var hours: HourRows?
            let totals = try aggregate(series, from: span.lowerBound, to: span.upperBound, hours: &hours)
            return totals.minutes > 0 ? totals : nil
        }
    }

    /// The first second of the range (minutes starting at or after it belong to it).
    private func rangeStart(_ range: TimeRange) -> Int64 { Int64(range.start.rounded(.up)) }
    private func rangeEnd(_ range: TimeRange) -> Int64 { Int64(range.end.rounded(.up)) }

    private func bucketStart(_ time: Int64, _ granularity: Granularity) -> Int64 {
        granularity == .day ? LocalTime.startOfDay(time) : LocalTime.startOfHour(time)
    }

    /// The part of `range` between the first and last stored minute of `series` (so that a range reaching back to
    /// 1970 costs nothing for the empty years), or nil when no minute of the range is stored. Hold `lock`.
    private func dataSpan(_ series: MinuteSeries, within range: TimeRange) throws(StoreError) -> Range<Int64>? {
        let lower = max(rangeStart(range), 0)
        let upper = rangeEnd(range)
        guard lower < upper else { return nil }
        let found = try statement(series.minuteSpan).query([.integer(lower), .integer(upper)]) {
            (row) throws(StoreError) -> (Int64, Int64)? in
            // A minute outside the calendar (only a damaged store holds one) answers as no data, not a trap.
            guard try row.step(), let first = row.optionalReal(0), WallClock.calendarTimes.contains(first) else {
                return nil
            }
            return (Int64(first), row.integer(1))
        }
        guard let (first, last) = found else { return nil }
        // A bucket edge is cut at the range's own bounds, the data only narrows the loop.
        return max(lower, LocalTime.startOfDay(first))..<min(upper, last + 60)
    }

    /// One bucket per stored minute. Hold `lock`.
    private func minuteBuckets(_ series: MinuteSeries, _ span: Range<Int64>) throws(StoreError) -> [Bucket] {
        let count = Int32(series.columns.count)
        return try statement(series.selectMinutes).query([.integer(span.lowerBound), .integer(span.upperBound)]) {
            (row) throws(StoreError) in
            var buckets: [Bucket] = []
            while try row.step() {
                let minute = row.integer(0)
                let values = (1...count).map { row.optionalReal($0) }
                let totals = SeriesTotals(minutes: 1, values: values)
                buckets.append(Bucket(start: minute, end: minute + 60, totals: totals))
            }
            return buckets
        }
    }

    /// The totals over the minutes starting in [`start`, `end`): rollups for whole UTC hours (from `hours` when the
    /// caller read them, else aggregated by SQLite), minute rows for the rest. Hold `lock`.
    private func aggregate(_ series: MinuteSeries, from start: Int64, to end: Int64, hours: inout HourRows?)
        throws(StoreError) -> SeriesTotals
    {
        let firstHour = (start + 3599) / 3600 * 3600
        let lastHour = end / 3600 * 3600
        var totals = SeriesTotals(empty: series)
        if firstHour < lastHour {
            if hours != nil {
                hours?.add(firstHour..<lastHour, to: &totals, series)
            } else {
                try add(series.aggregateHours, firstHour, lastHour, to: &totals, series)
            }
            if start < firstHour { try add(series.aggregateMinutes, start, firstHour, to: &totals, series) }
            if lastHour < end { try add(series.aggregateMinutes, lastHour, end, to: &totals, series) }
        } else {
            try add(series.aggregateMinutes, start, end, to: &totals, series)
        }
        return totals
    }

    private func add(
        _ sql: String, _ start: Int64, _ end: Int64, to totals: inout SeriesTotals, _ series: MinuteSeries
    ) throws(StoreError) {
        let count = Int32(series.columns.count)
        let found = try statement(sql).query([.integer(start), .integer(end)]) {
            (row) throws(StoreError) -> SeriesTotals? in
            guard try row.step() else { return nil }
            return SeriesTotals(minutes: Int(row.real(0)), values: (1...count).map { row.optionalReal($0) })
        }
        if let found, found.minutes > 0 { totals.merge(found, series: series) }
    }
}

/// The rollup rows of a span, read in one query and taken in time order by consecutive buckets.
private struct HourRows {
    private var starts: [Int64] = []
    private var totals: [SeriesTotals] = []
    private var cursor = 0

    init(_ series: MinuteSeries, _ span: Range<Int64>, _ statement: Statement) throws(StoreError) {
        let count = Int32(series.columns.count)
        let first = span.lowerBound / 3600 * 3600
        (starts, totals) = try statement.query([.integer(first), .integer(span.upperBound)]) {
            (row) throws(StoreError) -> ([Int64], [SeriesTotals]) in
            var starts: [Int64] = []
            var totals: [SeriesTotals] = []
            while try row.step() {
                starts.append(row.integer(0))
                let values = (2...(count + 1)).map { row.optionalReal($0) }
                totals.append(SeriesTotals(minutes: Int(row.integer(1)), values: values))
            }
            return (starts, totals)
        }
    }

    /// Adds the rows of the hours starting in `hours` to `sum`. Buckets ask in time order, so the rows before are
    /// passed for good.
    mutating func add(_ hours: Range<Int64>, to sum: inout SeriesTotals, _ series: MinuteSeries) {
        while cursor < starts.count, starts[cursor] < hours.lowerBound { cursor += 1 }
        while cursor < starts.count, starts[cursor] < hours.upperBound {
            sum.merge(totals[cursor], series: series)
            cursor += 1
        }
    }
}
