import Pedometry

/// The queries: steps, heart rate, motion and flights per bucket or over a whole range, and the latest heart rate. Buckets
/// without any stored minute are left out (a day the service did not run is absent, not zero); a stored minute with
/// zero steps is present.
extension ReadingsDatabase {
    /// The steps in `range` per minute, local hour or local day.
    public func steps(in range: TimeRange, per granularity: Granularity) throws(StoreError) -> [StepsBucket] {
        try buckets(.steps, in: range, per: granularity).map { Self.steps($0.start, $0.end, $0.totals) }
    }

    /// The steps over the whole of `range` (e.g. ``TimeRange/today(now:)``), or nil when none were being counted.
    public func steps(in range: TimeRange) throws(StoreError) -> StepsBucket? {
        try total(.steps, in: range).map { Self.steps(Self.second(range.start), Self.second(range.end), $0) }
    }

    /// The heart rate in `range` per minute, local hour or local day.
    public func heartRate(in range: TimeRange, per granularity: Granularity) throws(StoreError) -> [HeartRateBucket] {
        try buckets(.heartRate, in: range, per: granularity).map { Self.heartRate($0.start, $0.end, $0.totals) }
    }

    /// The heart rate over the whole of `range`, or nil when nothing was recorded.
    public func heartRate(in range: TimeRange) throws(StoreError) -> HeartRateBucket? {
        try total(.heartRate, in: range).map { Self.heartRate(Self.second(range.start), Self.second(range.end), $0) }
    }

    /// The motion summary in `range` per minute, local hour or local day.
    public func motion(in range: TimeRange, per granularity: Granularity) throws(StoreError) -> [MotionBucket] {
        try buckets(.motion, in: range, per: granularity).map { Self.motion($0.start, $0.end, $0.totals) }
    }

    /// The flights climbed in `range` per minute, local hour or local day.
    public func flights(in range: TimeRange, per granularity: Granularity) throws(StoreError) -> [FlightsBucket] {
        try buckets(.flights, in: range, per: granularity).map { Self.flights($0.start, $0.end, $0.totals) }
    }

    /// The flights climbed over the whole of `range`, or nil when none were being counted.
    public func flights(in range: TimeRange) throws(StoreError) -> FlightsBucket? {
        try total(.flights, in: range).map { Self.flights(Self.second(range.start), Self.second(range.end), $0) }
    }

    /// The most recent heart-rate sample, or nil when there is none (samples are kept for
    /// ``Retention/samples``).
    public func latestHeartRate() throws(StoreError) -> StoredHeartRate? {
        try lock.withLock { () throws(StoreError) in
            try statement("SELECT t, bpm FROM heart_rate_sample ORDER BY t DESC LIMIT 1").query([]) {
                (row) throws(StoreError) in
                try row.step() ? StoredHeartRate(time: row.real(0), heartRate: row.real(1)) : nil
            }
        }
    }

    private static func second(_ time: Double) -> Int64 { Int64(time.rounded(.up)) }

    private static func steps(_ start: Int64, _ end: Int64, _ totals: SeriesTotals) -> StepsBucket {
        StepsBucket(
            start: Double(start), end: Double(end), steps: totals.count(0), minutes: totals.minutes)
    }

    private static func flights(_ start: Int64, _ end: Int64, _ totals: SeriesTotals) -> FlightsBucket {
        FlightsBucket(
            start: Double(start), end: Double(end), ascended: totals.count(0), descended: totals.count(1),
            minutes: totals.minutes)
    }

    private static func heartRate(_ start: Int64, _ end: Int64, _ totals: SeriesTotals) -> HeartRateBucket {
        let samples = totals.count(0)
        return HeartRateBucket(
            start: Double(start), end: Double(end), mean: samples > 0 ? totals.value(1) / Double(samples) : nil,
            minimum: totals.values[2], maximum: totals.values[3], samples: samples,
            beats: totals.count(4), minutes: totals.minutes)
    }

    private static func motion(_ start: Int64, _ end: Int64, _ totals: SeriesTotals) -> MotionBucket {
        let samples = totals.count(0)
        let counts: [Activity: Int] = [
            .still: totals.count(2), .walking: totals.count(3),
            .running: totals.count(4),
        ]
        // Ties go to the more active: a minute half walking, half still was a walk.
        let dominant = Activity.allCases.reversed().max { counts[$0, default: 0] < counts[$1, default: 0] }
        return MotionBucket(
            start: Double(start), end: Double(end),
            meanUserAcceleration: samples > 0 ? totals.value(1) / Double(samples) : nil,
            activity: samples > 0 ? dominant : nil, samples: counts, minutes: totals.minutes)
    }
}
