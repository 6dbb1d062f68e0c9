import Pedometry
import Pulse
import SystemSupport

/// Takes readings in as they come (steps, heart-rate samples, beats, motion), adds them up per minute in memory and
/// writes them to a ``ReadingsDatabase`` every ``Settings/flushInterval`` and on ``close()``: a process killed with
/// SIGKILL loses at most the readings of the last interval (30 s by default).
///
/// ```swift
/// let store = try ReadingsDatabase(path: path, access: .readWrite)
/// let recorder = ReadingsRecorder(store: store) { error in log(error) }
/// recorder.recordSteps(1, at: WallClock.now())           // a step event; counts work too
/// recorder.recordBeat(at: t, rrInterval: 0.82, quality: .good)
/// recorder.recordHeartRate(73, at: t)
/// recorder.recordMotion(userAcceleration: 0.4, activity: .walking, at: t)
/// …
/// try recorder.close()                                   // final flush; then store.close()
/// ```
///
/// Times are Unix time in seconds (the wall clock, not a sensor's clock: the caller maps sample times). Calls that
/// record never block on the disk and never throw: a reading whose time is not a calendar time (non-finite, before
/// 1970 or after the year 9999: `WallClock.calendarTimes`) or whose value is not valid is dropped and counted in
/// ``rejected``. A failed flush keeps the readings for the next one and reports the error to
/// `onError`; what is held is bounded (``Settings/maximumPending`` samples and as many beats,
/// ``Settings/maximumPendingMinutes`` minutes per series: about 10 MB), the oldest dropped first, and everything
/// dropped, or left unwritten by a failed ``close()``, is counted in ``lost``.
///
/// Thread-safe: record from any thread; the flushes run on a thread of the recorder, which holds the recorder until
/// ``close()`` stops it — close every recorder.
public final class ReadingsRecorder: @unchecked Sendable {
    // @unchecked: `pending`, `rejectedCount`, `lostCount`, `firstLoss`, `stopping` and `closed` are guarded by
    // `condition`.

    /// How often and how much.
    public struct Settings: Sendable, Hashable {
        /// Time between flushes, s. Default 30; at most 60, so that a kill loses at most the last minute.
        public var flushInterval: Double
        /// Heart-rate samples (and, separately, beats) held while the store cannot be written. Default 100 000
        /// (more than a day of beats; 16 and 24 bytes each).
        public var maximumPending: Int
        /// Per-minute rows of each series (steps, heart rate, motion) held while the store cannot be written.
        /// Default 10 080, a week (about 200 bytes each).
        public var maximumPendingMinutes: Int

        public init(flushInterval: Double = 30, maximumPending: Int = 100_000, maximumPendingMinutes: Int = 10_080) {
            self.flushInterval = min(max(flushInterval, 0.01), 60)
            self.maximumPending = max(maximumPending, 1)
            self.maximumPendingMinutes = max(maximumPendingMinutes, 1)
        }
    }

    private let store: ReadingsDatabase
    private let settings: Settings
    private let clock: @Sendable () -> Double
    private let onError: @Sendable (FlushFailure) -> Void
    private let condition = ThreadCondition()
    private let flushing = ThreadLock()
    private var pending = PendingReadings()
    private var rejectedCount = 0
    private var lostCount = 0
    private var firstLoss: StoreError?
    private var stopping = false
    private var closed = false
    private var flusherRunning = false

    /// Starts recording into `store` (opened ``ReadingsDatabase/Access/readWrite``), prunes it and starts the flush
    /// thread.
    ///
    /// - Parameters:
    ///   - clock: the wall clock, Unix time s (default: the system's; tests replace it); decides when rows expire.
    ///   - onError: called on the flush thread when a periodic flush fails (the readings are kept for the next, up
    ///     to the bound), with what is held and what was lost.
    public init(
        store: ReadingsDatabase, settings: Settings = Settings(), clock: (@Sendable () -> Double)? = nil,
        onError: @escaping @Sendable (FlushFailure) -> Void = { _ in }
    ) {
        self.store = store
        self.settings = settings
        self.clock = clock ?? { WallClock.now() }
        self.onError = onError
        flusherRunning = true
        NamedThread.start(name: "br store flush") { [self] in flushLoop() }
    }

    /// Adds `count` steps at `time` (a step event is a count of 1). Record 0 at least once a minute while steps are
    /// being counted and none are taken, so that the history tells "no steps" from "not counting".
    public func recordSteps(_ count: Int, at time: Double) {
        guard count >= 0 else { return reject() }
        record(time) { $0.addSteps(count, at: time) }
    }

    /// Adds a heart-rate sample: `heartRate` beats/min at `time`.
    public func recordHeartRate(_ heartRate: Double, at time: Double) {
        guard heartRate.isFinite, heartRate > 0 else { return reject() }
        record(time) { $0.addHeartRate(heartRate, at: time) }
    }

    /// Adds a detected beat at `time`, with the interval since the previous beat (s) and its quality.
    public func recordBeat(at time: Double, rrInterval: Double?, quality: BeatQuality) {
        if let rrInterval, !(rrInterval.isFinite && rrInterval > 0) { return reject() }
        record(time) { $0.addBeat(at: time, rrInterval: rrInterval, quality: quality) }
    }

    /// Adds a motion sample: the magnitude of the user acceleration (m/s²) and what the wearer was doing at `time`.
    public func recordMotion(userAcceleration: Double, activity: Activity, at time: Double) {
        guard userAcceleration.isFinite, userAcceleration >= 0 else { return reject() }
        record(time) { $0.addMotion(userAcceleration: userAcceleration, activity: activity, at: time) }
    }

    /// Adds floors climbed up (`ascended`) and walked down (`descended`) at `time`. Record 0 and 0 at least once a
    /// minute while flights are being counted, so that the history tells "no flights" from "no barometer".
    public func recordFlights(ascended: Int, descended: Int, at time: Double) {
        guard ascended >= 0, descended >= 0 else { return reject() }
        record(time) { $0.addFlights(ascended: ascended, descended: descended, at: time) }
    }

    /// Readings dropped because their time or value was not valid.
    public var rejected: Int { condition.withLock { rejectedCount } }

    /// Readings lost because the store could not be written: heart-rate samples, beats and per-minute rows dropped
    /// beyond the bound while failing writes went on, and those the final flush of a failed ``close()`` could not
    /// write.
    public var lost: Int { condition.withLock { lostCount } }

    /// The failure that lost the first of ``lost``, nil while nothing was lost.
    public var lossCause: StoreError? { condition.withLock { firstLoss } }

    /// Readings held for the next flush (samples, beats and per-minute rows).
    public var pendingCount: Int { condition.withLock { pending.count } }

    /// Writes what was recorded so far. Queries see it afterwards. On failure the readings stay for the next flush.
    public func flush() throws(StoreError) {
        try flushing.withLock { () throws(StoreError) in
            condition.lock()
            let taken = pending
            pending = PendingReadings()
            condition.unlock()
            guard !taken.isEmpty else { return }
            do throws(StoreError) {
                try store.write(taken, now: clock())
            } catch {
                condition.lock()
                var kept = taken
                kept.merge(pending)
                let before = lostCount
                if closed {
                    // The last try: nothing will write these.
                    lostCount += kept.count
                    kept = PendingReadings()
                } else {
                    lostCount += kept.trim(samples: settings.maximumPending, minutes: settings.maximumPendingMinutes)
                }
                if lostCount > before, firstLoss == nil { firstLoss = error }
                pending = kept
                condition.unlock()
                throw error
            }
        }
    }

    /// Stops the flush thread and writes what is left. Recording afterwards is ignored. The store stays open. When
    /// the write fails, what it held is counted in ``lost``.
    public func close() throws(StoreError) {
        condition.lock()
        stopping = true
        condition.broadcast()
        while flusherRunning { condition.wait() }
        closed = true
        condition.unlock()
        try flush()
    }

    private func record(_ time: Double, _ add: (inout PendingReadings) -> Void) {
        guard WallClock.calendarTimes.contains(time) else { return reject() }
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        add(&pending)
    }

    private func report(_ error: StoreError) {
        condition.lock()
        let failure = FlushFailure(error: error, held: pending.count, lost: lostCount)
        condition.unlock()
        onError(failure)
    }

    private func reject() {
        condition.lock()
        rejectedCount += 1
        condition.unlock()
    }

    private func flushLoop() {
        do {
            try store.prune(now: clock())
        } catch {
            report(error)
        }
        condition.lock()
        while !stopping {
            _ = condition.wait(until: ThreadCondition.Deadline(secondsFromNow: settings.flushInterval))
            if stopping { break }
            condition.unlock()
            do {
                try flush()
            } catch {
                report(error)
            }
            condition.lock()
        }
        flusherRunning = false
        condition.broadcast()
        condition.unlock()
    }
}
