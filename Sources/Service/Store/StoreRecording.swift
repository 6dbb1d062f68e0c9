import BodyReadings
import Fusion
import Pedometry
import Pulse
import ReadingsStore
import SystemSupport
import TextFormats

/// What a service remembers: its capture's steps, heart rate, beats, flights climbed and a per-minute motion summary
/// (activity, mean user-acceleration magnitude), recorded into the readings store through a `ReadingsRecorder`
/// (flushed every 30 s and at `stop()`: a `kill -9` loses at most the last 30 s), and the live counts of today's
/// steps and flights (stored at start + counted since) that "Steps Today" and "Flights Today" show.
///
/// Readings are stamped with the wall clock when they reach the service (sensor clocks are monotonic, or start at 0
/// for the simulated IMU); the delay is at most the capture interval plus a step's detection latency, well within
/// the store's minute. Motion and heart rate are sampled once a second; every step and beat is recorded. While
/// steps are counted, a 0 is recorded every minute, so that the history tells "no steps" from "not counting"; so are
/// flights while the barometer reads.
///
/// Thread-safe.
public final class StoreRecording: @unchecked Sendable {
    // @unchecked: `day`, `todaySteps`, `lastCount`, `lastStepClock` and `lastZero` are guarded by `lock`; the rest is
    // immutable.

    /// The store written to.
    public let store: ReadingsDatabase
    private let recorder: ReadingsRecorder
    private let capture: ServiceCapture
    private let clock: @Sendable () -> Double
    private let lock = ThreadLock()
    private var day: TimeRange
    private var todaySteps: Int
    private var lastCount = 0
    private var lastStepClock = -Double.infinity
    private var lastZero = -Double.infinity
    private var todayFlights: (ascended: Int, descended: Int)
    private var lastFloors = (ascended: 0, descended: 0)
    private var lastFlightsZero = -Double.infinity
    private var cancellations: [@Sendable () -> Void] = []

    /// Records `capture`'s readings into `store` (opened for writing), stamped by `clock` (Unix time, s; default
    /// the system's wall clock); `onError` hears of failed flushes (the readings are kept for the next one, up to
    /// the recorder's bound). Throws when today's steps cannot be read from the store.
    public init(
        capture: ServiceCapture, store: ReadingsDatabase, settings: ReadingsRecorder.Settings = ReadingsRecorder.Settings(),
        clock: (@Sendable () -> Double)? = nil,
        onError: @escaping @Sendable (FlushFailure) -> Void = { _ in }
    ) throws(StoreError) {
        self.store = store
        self.capture = capture
        let clock = clock ?? { WallClock.now() }
        self.clock = clock
        day = TimeRange.today(now: clock())
        todaySteps = try store.steps(in: day)?.steps ?? 0
        let flights = try store.flights(in: day)
        todayFlights = (flights?.ascended ?? 0, flights?.descended ?? 0)
        recorder = ReadingsRecorder(store: store, settings: settings, clock: clock, onError: onError)
        subscribe()
    }

    /// Steps of the local day so far: stored before the service started and counted since.
    public var stepsToday: Int {
        lock.withLock {
            rollOver(now: clock())
            return todaySteps
        }
    }

    /// Steps of the local day with `step` counted, whether or not this recording has heard of it yet: another
    /// subscriber of the capture's steps may hear of a step first (subscribers are told in turn), and its line must
    /// not lag the day's count by that step.
    public func stepsToday(through step: Step) -> Int {
        lock.withLock {
            rollOver(now: clock())
            return todaySteps + max(0, step.count - lastCount)
        }
    }

    /// Flights of the local day so far: stored before the service started and counted since.
    public var flightsToday: (ascended: Int, descended: Int) {
        lock.withLock {
            rollOver(now: clock())
            return todayFlights
        }
    }

    /// Flights of the local day with those of `update` counted, whether or not this recording has heard of it yet
    /// (as `stepsToday(through:)`).
    public func flightsToday(through update: AltitudeUpdate) -> (ascended: Int, descended: Int) {
        lock.withLock {
            rollOver(now: clock())
            return (
                todayFlights.ascended + max(0, update.floorsAscended - lastFloors.ascended),
                todayFlights.descended + max(0, update.floorsDescended - lastFloors.descended)
            )
        }
    }

    /// Readings lost because the store could not be written (`ReadingsRecorder.lost`), and the failure that lost
    /// the first of them.
    public var loss: (count: Int, cause: StoreError?) {
        (recorder.lost, recorder.lossCause)
    }

    /// Readings held for the next write (`ReadingsRecorder.pendingCount`).
    public var pendingCount: Int { recorder.pendingCount }

    /// What a `status` reply says of the store: `store_pending` (readings held for the next write, bounded) and
    /// `store_lost` (readings lost because the store could not be written).
    public var statusMembers: [(String, JSONValue)] {
        [("store_pending", .number(Double(pendingCount))), ("store_lost", .number(Double(recorder.lost)))]
    }

    /// Writes what was recorded so far, so that a query sees it.
    public func flush() throws(StoreError) {
        try recorder.flush()
    }

    /// Stops recording, writes what is left and closes the store.
    public func stop() throws(StoreError) {
        let cancellations = lock.withLock { () -> [@Sendable () -> Void] in
            defer { self.cancellations = [] }
            return self.cancellations
        }
        cancellations.forEach { $0() }
        try recorder.close()
        try store.close()
    }

    // MARK: Internals

    private func subscribe() {
        let capture = self.capture
        let steps = capture.steps.subscribe(interval: 0) { [weak self] step in self?.took(step) }
        let beats = capture.beats.subscribe(interval: 0) { [weak self] beat in
            guard let self else { return }
            recorder.recordBeat(at: clock(), rrInterval: beat.rrInterval, quality: beat.quality)
        }
        let heartRate = capture.heartRate.subscribe(interval: 1) { [weak self] sample in
            guard let self, let rate = sample.heartRate else { return }
            recorder.recordHeartRate(rate, at: clock())
        }
        let motion = capture.motion.subscribe(interval: 1) { [weak self] estimate in self?.took(estimate) }
        let altitude = capture.altitude.subscribe(interval: 0) { [weak self] update in self?.took(update) }
        cancellations = [
            { capture.steps.unsubscribe(steps) }, { capture.beats.unsubscribe(beats) },
            { capture.heartRate.unsubscribe(heartRate) }, { capture.motion.unsubscribe(motion) },
            { capture.altitude.unsubscribe(altitude) },
        ]
    }

    private func took(_ step: Step) {
        let now = clock()
        lock.withLock {
            rollOver(now: now)
            todaySteps += 1
            lastCount = step.count
            lastStepClock = now
        }
        recorder.recordSteps(1, at: now)
    }

    private func took(_ estimate: MotionEstimate) {
        let now = clock()
        let (walking, zeroDue) = lock.withLock { () -> (Bool, Bool) in
            let due = capture.counter != nil && now - lastZero >= 60
            if due { lastZero = now }
            return (now - lastStepClock <= 2.5, due)
        }
        let user = estimate.userAcceleration
        let magnitude = (user.x * user.x + user.y * user.y + user.z * user.z).squareRoot()
        if magnitude.isFinite {
            recorder.recordMotion(userAcceleration: magnitude, activity: walking ? .walking : .still, at: now)
        }
        if zeroDue { recorder.recordSteps(0, at: now) }
    }

    /// Records the floors an altitude update completed (the capture's counts are running totals), and a 0 once a
    /// minute.
    private func took(_ update: AltitudeUpdate) {
        let now = clock()
        let (up, down, zeroDue) = lock.withLock { () -> (Int, Int, Bool) in
            rollOver(now: now)
            let up = max(0, update.floorsAscended - lastFloors.ascended)
            let down = max(0, update.floorsDescended - lastFloors.descended)
            lastFloors = (update.floorsAscended, update.floorsDescended)
            todayFlights = (todayFlights.ascended + up, todayFlights.descended + down)
            let due = now - lastFlightsZero >= 60
            if due || up > 0 || down > 0 { lastFlightsZero = now }
            return (up, down, due)
        }
        if up > 0 || down > 0 || zeroDue { recorder.recordFlights(ascended: up, descended: down, at: now) }
    }

    /// Starts a new day's count at local midnight. Called under `lock`.
    private func rollOver(now: Double) {
        guard now >= day.end || now < day.start else { return }
        day = TimeRange.today(now: now)
        todaySteps = 0
        todayFlights = (0, 0)
    }
}
