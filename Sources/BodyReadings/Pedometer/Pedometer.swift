import Dispatch
import Pedometry
import Sensors

/// Step counting shaped like CoreMotion's `CMPedometer`, on a `MotionManager`'s capture: one capture (one owner of
/// the sensors) serves device motion and steps together.
///
/// ```swift
/// let pedometer = Pedometer(source: .simulated(seed: 1, pacing: .realTime))
/// for await data in pedometer.updates() {
///     print(data.numberOfSteps, data.currentCadence)
/// }
/// ```
///
/// Steps come from the hardware step counter when the source has one (`counter` `.automatic`; the counter is
/// switched on for the capture and restored after it), else from the step detector on the accelerometer. Updates
/// are cumulative from the moment they start (`PedometerData`); `stepEvents()` delivers each step itself. The
/// counted steps are CoreMotion's: final, and the first steps of a walk come only when the walk is recognised (up to
/// `StepDetector.Settings.lockInWindow` late). To show a count that follows the steps within 1 s, opt in with
/// `includingTentativeSteps`: updates then come also when the tentative steps pending change, and
/// `PedometerData.liveSteps` is the count to show (it may go down; `numberOfSteps` never does). Starting
/// pedometer updates while the manager's capture runs without the wanted counter starts that capture over (a gap
/// of the source's start-up time in its other updates).
///
/// Thread-safe.
public final class Pedometer: Sendable {
    /// Consecutive steps further apart than this, s, are a pause: not part of the active pace. 2 s.
    public static let pauseLimit = 2.0

    /// Receives pedometer data, or the error that ended the updates.
    public typealias Handler = @Sendable (_ data: PedometerData?, _ error: CaptureError?) -> Void

    /// The manager whose capture counts the steps.
    public let manager: MotionManager
    /// Which counter counts.
    public let counter: StepCounterChoice
    /// The step detector's settings (height or step length for the distance).
    public let settings: StepDetector.Settings
    /// Distance per step, m.
    private let stepLength: Double
    /// The sum of the handler's run.
    private let sum: PedometerSum

    /// A pedometer on `manager`'s capture, counting with `counter`; `settings` configure the step detector and the
    /// distance.
    public init(
        manager: MotionManager, counter: StepCounterChoice = .automatic,
        settings: StepDetector.Settings = StepDetector.Settings()
    ) {
        self.manager = manager
        self.counter = counter
        self.settings = settings
        stepLength = StepDetector.Coefficients(settings: settings).stepLength
        sum = PedometerSum(stepLength: stepLength)
    }

    /// A pedometer on a manager of its own over `source` (default: this machine's IIO sensors).
    public convenience init(
        source: MotionSourceSpecification = .iio(uri: nil), counter: StepCounterChoice = .automatic,
        settings: StepDetector.Settings = StepDetector.Settings()
    ) {
        self.init(manager: MotionManager(source: source), counter: counter, settings: settings)
    }

    // MARK: Availability

    /// True when steps can be counted: a hardware step counter or an accelerometer (as `counter` allows).
    public var isStepCountingAvailable: Bool {
        guard let info = manager.info else { return false }
        return counter.resolve(hasHardware: info.hasStepCounter).map { $0 == .hardware || info.hasAccelerometer }
            ?? false
    }
    /// True when the cadence is measured: whenever steps are counted.
    public var isCadenceAvailable: Bool { isStepCountingAvailable }
    /// True when the distance is estimated: whenever steps are counted (from the step length).
    public var isDistanceAvailable: Bool { isStepCountingAvailable }
    /// True when the activity (still, walking, running) is reported: whenever steps are counted.
    public var isActivityAvailable: Bool { isStepCountingAvailable }
    /// True when floors climbed are counted (`PedometerData.floorsAscended`, `floorsDescended`): steps are counted
    /// and the source has a barometer, read beside them for the altitude between steps.
    public var isFloorCountingAvailable: Bool { isStepCountingAvailable && manager.hasBarometer }

    // MARK: Updates

    /// Starts cumulative updates, one per counted step, delivered to `handler` on `queue` (nil: the capture
    /// thread). With `includingTentativeSteps` (default false) also one whenever the tentative steps pending change
    /// (`PedometerData.tentativeSteps`; the counted fields stay those of the last counted step), several at once when
    /// a walk is recognised (the last one's `liveSteps` is the count to show). When the capture fails, `handler` gets
    /// the error once and updates stop.
    public func startUpdates(
        to queue: DispatchQueue? = nil, includingTentativeSteps: Bool = false, withHandler handler: @escaping Handler
    ) throws(CaptureError) {
        try prepare()
        let delivery = HandlerDelivery(queue: queue, handler: handler)
        try manager.start(manager.stepChannel) { channel in
            let sum = self.sum
            channel.setHandler(queue: nil) { update, error in
                if let error { delivery.fail(error) }
                if let update, let data = sum.add(update, includingTentativeSteps: includingTentativeSteps) {
                    delivery.send(data)
                }
            }
        }
    }

    /// Cumulative updates as an async sequence, one per counted step and, with `includingTentativeSteps` (default
    /// false), one per change of the tentative steps (as `startUpdates`; each sequence sums from its own start); it
    /// ends when the capture ends or fails, on `stopUpdates()`, or when it cannot start. Keeps the newest 64 when
    /// the consumer falls behind.
    public func updates(includingTentativeSteps: Bool = false) -> AsyncStream<PedometerData> {
        let sum = PedometerSum(stepLength: stepLength)
        return manager.stream(of: manager.stepChannel, bufferingPolicy: .bufferingNewest(64), prepare: prepare) {
            channel, id, continuation in
            channel.addConsumer(
                id,
                deliver: { update in
                    if let data = sum.add(update, includingTentativeSteps: includingTentativeSteps) {
                        continuation.yield(data)
                    }
                }, finish: { continuation.finish() })
        }
    }

    /// Every step as it is counted (time, running count of the capture, cadence, activity), as an async sequence
    /// that ends like `updates()`.
    public func stepEvents() -> AsyncStream<Step> {
        manager.stream(of: manager.stepChannel, bufferingPolicy: .bufferingNewest(256), prepare: prepare) {
            channel, id, continuation in
            channel.addConsumer(
                id,
                deliver: { update in
                    if let step = update.step { continuation.yield(step) }
                }, finish: { continuation.finish() })
        }
    }

    /// Stops the updates (handler and async sequences) and starts the next run's data from zero.
    public func stopUpdates() {
        manager.stop(manager.stepChannel) { $0.stop() }
        sum.reset()
    }

    /// Checks that steps can be counted and hands the choice to the manager before a capture starts.
    private func prepare() throws(CaptureError) {
        guard isStepCountingAvailable else {
            let name = manager.info?.name ?? "the source"
            throw CaptureError(
                .notFound,
                counter == .hardware
                    ? "\(name) has no hardware step counter (an IIO device with in_steps_input)"
                    : "\(name) has no accelerometer and no hardware step counter to count steps with")
        }
        manager.withLock {
            manager.stepCounterChoice = counter
            manager.stepSettings = settings
        }
    }
}
