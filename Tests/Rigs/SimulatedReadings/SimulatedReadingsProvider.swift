import Barometry
import Foundation
import Fusion
import MotionMath
import Pedometry
import Pulse
import ReadingFormats
import ReadingsStore
import ReadingsWeb

/// A `ReadingsProvider` fed by simulated readings, for the web tests and `bodyreadings-web-rig`: a device rocking
/// and turning on a walker who takes a step every 0.5 s (bouncing near 2 Hz), and a heart beating at 66–78
/// beats/min, climbing a floor of stairs (3 m in 12 s) every 30 s. One thread makes the readings in real time
/// (100 Hz); each subscriber gets its own.
///
/// A reading listed in `unavailable` is never produced: its subscribers get the reason, as a service without that
/// sensor would say it.
public final class SimulatedReadingsProvider: ReadingsProvider, @unchecked Sendable {
    // @unchecked: the mutable state is only touched while holding `lock`.
    private let lock = NSLock()
    private let unavailable: [ServiceReading: String]
    private var subscribers: [Int: Subscriber] = [:]
    private var nextID = 0
    private var running = true
    /// Steps counted today before the simulation started.
    private let stepsBefore = 4180
    private var stepCount = 0
    /// Floors climbed today before the simulation started.
    private let floorsBefore = 7
    /// Failing queries, for the tests of the API's 503.
    public var failsQueries = false

    private enum Subscriber {
        case motion(interval: Double, next: Double, @Sendable (ReadingUpdate<MotionEstimate>) -> Void)
        case steps(@Sendable (ReadingUpdate<StepsUpdate>) -> Void)
        case heartRate(@Sendable (ReadingUpdate<Beat>) -> Void)
        case altitude(interval: Double, next: Double, @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void)
    }

    /// Starts the simulation thread.
    public init(unavailable: [ServiceReading: String] = [:]) {
        self.unavailable = unavailable
        Thread.detachNewThread { [weak self] in self?.run() }
    }

    deinit {
        stop()
    }

    /// Stops the simulation thread.
    public func stop() {
        lock.withLock { running = false }
    }

    /// Subscriptions open now.
    public var subscriptionCount: Int { lock.withLock { subscribers.count } }

    public func availability(of kind: ServiceReading) -> ReadingAvailability {
        unavailable[kind].map { .unavailable(reason: $0) } ?? .available
    }

    public func subscribeMotion(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<MotionEstimate>) -> Void
    ) -> any ReadingSubscription {
        add(.motion(interval: interval, next: 0, handler))
    }

    public func subscribeSteps(_ handler: @escaping @Sendable (ReadingUpdate<StepsUpdate>) -> Void)
        -> any ReadingSubscription
    {
        add(.steps(handler))
    }

    public func subscribeHeartRate(_ handler: @escaping @Sendable (ReadingUpdate<Beat>) -> Void)
        -> any ReadingSubscription
    {
        add(.heartRate(handler))
    }

    public func subscribeAltitude(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void
    ) -> any ReadingSubscription {
        add(.altitude(interval: interval, next: 0, handler))
    }

    public func stepsToday() throws -> StepsBucket {
        if failsQueries { throw SimulatedFailure() }
        let today = TimeRange.today()
        return StepsBucket(
            start: today.start, end: today.end, steps: lock.withLock { stepsBefore + stepCount }, minutes: 600)
    }

    public func history(_ query: HistoryQuery) throws -> History {
        if failsQueries { throw SimulatedFailure() }
        let width: Double
        switch query.granularity {
        case .minute: width = 60
        case .hour: width = 3600
        case .day: width = 86400
        }
        var buckets: [StepsBucket] = []
        var start = (query.range.start / width).rounded(.down) * width
        while start < query.range.end {
            let minutes = Int(width / 60)
            // Walking in the first 40 minutes of each hour, about 100 steps a minute.
            let steps = (0..<minutes).reduce(0) { total, minute in
                let m = Int((start / 60).rounded(.down)) + minute
                return total + (m % 60 < 40 ? 90 + (m * 37) % 25 : 0)
            }
            buckets.append(
                StepsBucket(
                    start: max(start, query.range.start), end: min(start + width, query.range.end), steps: steps,
                    minutes: minutes))
            start += width
        }
        return History(query: query, buckets: .steps(buckets))
    }

    public func latestHeartRate() throws -> StoredHeartRate? {
        if failsQueries { throw SimulatedFailure() }
        if unavailable[.heartRate] != nil { return nil }
        return StoredHeartRate(time: Date().timeIntervalSince1970 - 90, heartRate: 68)
    }

    // MARK: Simulation

    private func add(_ subscriber: Subscriber) -> any ReadingSubscription {
        let id = lock.withLock {
            nextID += 1
            subscribers[nextID] = subscriber
            return nextID
        }
        return CancellingSubscription { [weak self] in
            _ = self?.lock.withLock { self?.subscribers.removeValue(forKey: id) }
        }
    }

    private func run() {
        let start = Date()
        var tick = 0
        var nextStep = 0.5
        var nextBeat = 0.4
        var beats = 0
        while lock.withLock({ running }) {
            tick += 1
            let t = Double(tick) * 0.01
            let wait = start.addingTimeInterval(t).timeIntervalSinceNow
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let current = lock.withLock { subscribers }
            if unavailable[.motion] == nil {
                let estimate = Self.motion(at: t)
                for (id, subscriber) in current {
                    guard case .motion(let interval, let next, let handler) = subscriber, t >= next else { continue }
                    lock.withLock {
                        if subscribers[id] != nil {
                            subscribers[id] = .motion(interval: interval, next: t + interval - 1e-9, handler)
                        }
                    }
                    handler(.reading(estimate))
                }
            }
            if unavailable[.altitude] == nil, tick % 4 == 0 {
                let update = altitude(at: t)
                for (id, subscriber) in current {
                    guard case .altitude(let interval, let next, let handler) = subscriber, t >= next else { continue }
                    lock.withLock {
                        if subscribers[id] != nil {
                            subscribers[id] = .altitude(interval: interval, next: t + interval - 1e-9, handler)
                        }
                    }
                    handler(.reading(update))
                }
            }
            if t >= nextStep, unavailable[.steps] == nil {
                nextStep += 0.5
                let count = lock.withLock {
                    stepCount += 1
                    return stepCount
                }
                let update = StepsUpdate(
                    step: Step(t: t, count: count, cadence: 118, activity: .walking), today: stepsBefore + count)
                for case .steps(let handler) in current.values { handler(.reading(update)) }
            }
            if t >= nextBeat, unavailable[.heartRate] == nil {
                let rate = 72 + 6 * sin(t / 15)
                let interval = 60 / rate
                nextBeat += interval
                beats += 1
                let beat = Beat(
                    t: t, rrInterval: beats > 1 ? interval : nil, heartRate: beats > 2 ? rate : nil,
                    quality: beats > 2 ? .good : .irregular)
                for case .heartRate(let handler) in current.values { handler(.reading(beat)) }
            }
        }
    }

    /// The barometer at `t` (25 Hz): a floor of stairs, 3 m in 12 s, at the start of every 30 s, with a few
    /// centimetres of noise.
    func altitude(at t: Double) -> AltitudeUpdate {
        let lap = (t / 30).rounded(.down)
        let climbed = min(1, (t - 30 * lap) / 12)
        let height = 3 * (lap + climbed) + 0.04 * sin(7.3 * t) + 0.03 * sin(2.1 * t + 1)
        return AltitudeUpdate(
            reading: AltitudeReading(t: t, pressure: 101.325 * exp(-height / 8434), relativeAltitude: height),
            floorsAscended: floorsBefore + Int(lap) + (climbed >= 0.6 ? 1 : 0), floorsDescended: 2)
    }

    /// The device at `t`: rocking ±20° about its long axis, ±14° about its short one, turning 20°/s, bouncing
    /// with the steps.
    static func motion(at t: Double) -> MotionEstimate {
        let yaw = Quaternion(axis: Vector3(0, 0, 1), angle: 0.35 * t)
        let pitch = Quaternion(axis: Vector3(1, 0, 0), angle: 0.25 * sin(0.45 * t + 1))
        let roll = Quaternion(axis: Vector3(0, 1, 0), angle: 0.35 * sin(0.7 * t))
        let attitude = yaw * pitch * roll
        let gravity = attitude.inverseRotate(Vector3(0, 0, 9.80665))
        // Frequencies that the 0.1 s of the dashboard's stream do not divide: the magnitude never repeats.
        let bounce = 1.2 * sin(2 * Double.pi * 1.93 * t)
        let user = attitude.inverseRotate(Vector3(0.3 * sin(2 * Double.pi * 0.77 * t), 0, bounce))
        return MotionEstimate(
            t: t, attitude: attitude, rotationRate: Vector3(0.245 * cos(0.7 * t), 0.11 * cos(0.45 * t + 1), 0.35),
            gravity: gravity, userAcceleration: user, gyroBias: Vector3(0, 0, 0), isResting: false,
            isMagneticallyDisturbed: false)
    }
}

/// The error of a provider told to fail.
public struct SimulatedFailure: Error, CustomStringConvertible {
    public var description: String { "the readings store is not readable (simulated)" }
}
