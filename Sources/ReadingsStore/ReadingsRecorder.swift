import Pedometry
import Pulse
import SystemSupport

/// Takes readings in as they come (steps, heart-rate samples, beats, motion), adds them up per minute in memory and
/// writes them to a ``ReadingsStore`` every ``Settings/flushInterval`` and on ``close()``: a process killed with
/// SIGKILL loses at most the readings of the last interval (30 s by default).
///
/// ```swift
/// let store = try ReadingsStore(path: path, access: .readWrite)
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
/// record never block on the disk and never throw: a reading whose time is not a calendar time (non-finite, before 1970
/// or after the year 9999: `WallClock.calendarTimes`) or whose value is not valid is dropped
/// and counted in ``rejected``. A failed flush keeps the readings for the next one and reports the error to
/// `onError`; samples and beats beyond ``Settings/maximumPending`` are then dropped oldest first.
///
/// Thread-safe: record from any thread; the flushes run on a thread of the recorder, which holds the recorder until
/// ``close()`` stops it — close every recorder.
public final class ReadingsRecorder: @unchecked Sendable {
    // @unchecked: `pending`, `rejectedCount`, `droppedCount`, `stopping` and `closed` are guarded by `condition`.

    /// How often and how much.
    public struct Settings: Sendable, Hashable {
        /// Time between flushes, s. Default 30; at most 60, so that a kill loses at most the last minute.
        public var flushInterval: Double
        /// Heart-rate samples (and, separately, beats) held while the store cannot be written. Default 100 000
        /// (more than a day of beats).
        public var maximumPending: Int

        public init(flushInterval: Double = 30, maximumPending: Int = 100_000) {
            self.flushInterval = min(max(flushInterval, 0.01), 60)
            self.maximumPending = max(maximumPending, 1)
        }
    }

    private let store: ReadingsStore
    private let settings: Settings
    private let clock: @Sendable () -> Double
    private let onError: @Sendable (StoreError) -> Void
    private let condition = ThreadCondition()
    private let flushing = ThreadLock()
    private var pending = PendingReadings()
    private var rejectedCount = 0
    private var droppedCount = 0
    private var stopping = false
    private var closed = false
    private var flusherRunning = false

    /// Starts recording into `store` (opened ``ReadingsStore/Access/readWrite``), prunes it and starts the flush
    /// thread.
    ///
    /// - Parameters:
    ///   - clock: the wall clock, Unix time s (default: the system's; tests replace it); decides when rows expire.
    ///   - onError: called on the flush thread when a periodic flush fails (the readings are kept for the next).
    public init(
        store: ReadingsStore, settings: Settings = Settings(), clock: (@Sendable () -> Double)? = nil,
        onError: @escaping @Sendable (StoreError) -> Void = { _ in }
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

    /// Readings dropped because their time or value was not valid.
    public var rejected: Int {
        condition.lock()
        defer { condition.unlock() }
        return rejectedCount
    }

    /// Samples and beats dropped because the store could not be written for too long.
    public var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

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
                droppedCount += kept.trimRaw(to: settings.maximumPending)
                pending = kept
                condition.unlock()
                throw error
            }
        }
    }

    /// Stops the flush thread and writes what is left. Recording afterwards is ignored. The store stays open.
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

    private func reject() {
        condition.lock()
        rejectedCount += 1
        condition.unlock()
    }

    private func flushLoop() {
        do {
            try store.prune(now: clock())
        } catch {
            onError(error)
        }
        condition.lock()
        while !stopping {
            _ = condition.wait(until: ThreadCondition.Deadline(secondsFromNow: settings.flushInterval))
            if stopping { break }
            condition.unlock()
            do {
                try flush()
            } catch {
                onError(error)
            }
            condition.lock()
        }
        flusherRunning = false
        condition.broadcast()
        condition.unlock()
    }
}
