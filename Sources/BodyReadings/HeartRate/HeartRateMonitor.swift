import Dispatch
import Pulse
import Sensors

/// Heart rate and heartbeats from a pulse (PPG) sensor, on a `MotionManager`'s capture: one capture (one owner of
/// the sensors) serves device motion, steps and heart rate together.
///
/// ```swift
/// let monitor = HeartRateMonitor(source: .simulated(seed: 1, pacing: .realTime))
/// for await sample in monitor.heartRateUpdates() {
///     print(sample.heartRate.map { "\($0) bpm" } ?? "--")
/// }
/// ```
///
/// `heartRateUpdates()` and the handler deliver a `HeartRateSample` every `heartRateUpdateInterval` seconds of
/// sample time: the smoothed rate of the latest good beat while it is recent, or nil with the reason in `quality`
/// (no pulse, a poor or irregular signal) — never a made-up value. `beats()` delivers every beat the detector finds,
/// with its RR interval and quality. Starting heart-rate updates while the manager's capture runs without the
/// pulse sensor starts that capture over (a gap of the source's start-up time in its other updates).
///
/// Thread-safe.
public final class HeartRateMonitor: Sendable {
    /// Receives heart-rate samples, or the error that ended the updates.
    public typealias Handler = @Sendable (_ sample: HeartRateSample?, _ error: CaptureError?) -> Void

    /// The manager whose capture reads the pulse sensor.
    public let manager: MotionManager

    /// A monitor on `manager`'s capture.
    public init(manager: MotionManager) {
        self.manager = manager
    }

    /// A monitor on a manager of its own over `source` (default: this machine's IIO sensors).
    public convenience init(source: MotionSourceSpecification = .iio(uri: nil)) {
        self.init(manager: MotionManager(source: source))
    }

    /// True when the source has a pulse sensor (max30100, max30102, max30105, afe4403, afe4404, the simulated one).
    public var isHeartRateAvailable: Bool { manager.info?.hasPPG ?? false }

    /// Seconds of sample time between heart-rate samples; default 1. Beats are delivered as they come.
    public var heartRateUpdateInterval: Double {
        get { manager.withLock { manager.heartRateChannel.interval } }
        set {
            let interval = newValue.isFinite && newValue >= 0 ? newValue : 1
            manager.withLock { manager.heartRateChannel.interval = interval }
        }
    }

    /// The latest heart-rate sample (pull mode after `startHeartRateUpdates()`), or nil before the first.
    public var heartRate: HeartRateSample? { manager.heartRateChannel.fanOut.latest }

    /// Starts heart-rate updates without a handler: read `heartRate` when you need it.
    public func startHeartRateUpdates() throws(CaptureError) {
        try prepare()
        try manager.start(manager.heartRateChannel) { $0.pull = true }
    }

    /// Starts heart-rate samples delivered to `handler` every `heartRateUpdateInterval`, on `queue` or, when nil,
    /// on the capture thread. When the capture fails, `handler` gets the error once and updates stop.
    public func startHeartRateUpdates(to queue: DispatchQueue? = nil, withHandler handler: @escaping Handler)
        throws(CaptureError)
    {
        try prepare()
        try manager.start(manager.heartRateChannel) { $0.setHandler(queue: queue, handler: handler) }
    }

    /// Heart-rate samples as an async sequence, every `heartRateUpdateInterval`; it ends when the capture ends or
    /// fails, on `stopUpdates()`, or when it cannot start. Keeps the newest 64 when the consumer falls behind.
    public func heartRateUpdates() -> AsyncStream<HeartRateSample> {
        manager.stream(of: manager.heartRateChannel, bufferingPolicy: .bufferingNewest(64), prepare: prepare)
    }

    /// Every beat as the detector decides it (about half a beat after it happened), as an async sequence that ends
    /// like `heartRateUpdates()`.
    public func beats() -> AsyncStream<Beat> {
        manager.stream(of: manager.beatChannel, bufferingPolicy: .bufferingNewest(256), prepare: prepare)
    }

    /// Stops heart-rate samples and beats (handler, pull mode, async sequences).
    public func stopUpdates() {
        manager.stop(manager.heartRateChannel) { $0.stop() }
        manager.stop(manager.beatChannel) { $0.stop() }
    }

    /// Fails when the source has no pulse sensor, before a capture is started for it.
    private func prepare() throws(CaptureError) {
        guard isHeartRateAvailable else {
            throw CaptureError(
                .notFound,
                "\(manager.info?.name ?? "the source") has no pulse sensor (max30100, max30102, max30105, afe4403, "
                    + "afe4404)")
        }
    }
}
