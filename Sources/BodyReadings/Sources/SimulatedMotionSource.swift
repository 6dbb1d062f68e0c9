import MotionMath
import MotionSimulation
import Sensors
import SystemSupport
import TextFormats

/// The built-in simulated IMU: a BMI160-class accelerometer, gyroscope and magnetometer (noise, bias, sampling from
/// `SimulatedIMU`) moved along the demo trajectory (rest, pick-up, walking, tilts, spins, running; see
/// `ScriptedTrajectory.demo`; its true step times are `trajectory.steps(from:to:)`). Deterministic: the same seed and
/// update interval give the same samples.
///
/// Like real hardware it picks its sampling frequency from a list (25…1600 Hz, the smallest that the update interval
/// needs) and, paced in real time, delivers a batch per update interval.
public final class SimulatedMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `imu`, `sampleRate`, `batchSize`, `updateInterval` and `startClock` are confined to the reading
    // thread; `cancellation` is thread-safe.

    /// The frequencies the simulated sensor offers, Hz.
    public static let availableFrequencies = FrequencyList.discrete([25, 50, 100, 200, 400, 800, 1600])

    public let info: MotionSourceInfo
    /// The seed of every random error.
    public let seed: UInt64
    /// Real-time or as fast as read.
    public let pacing: MotionSourceSpecification.Pacing
    /// The simulated motion.
    public let trajectory: any Trajectory
    /// The IMU error model (its `sampleRate` is replaced by the chosen frequency at start).
    public let settings: SimulatedIMU.Settings

    private let cancellation = CaptureCancellation()
    private var imu: SimulatedIMU?
    private var sampleRate = 100.0
    private var batchSize = 1
    private var updateInterval = 0.01
    private var startClock = 0.0

    /// A simulated IMU on `trajectory` (default: the demo) with `settings` (default: typical MEMS errors).
    public init(
        seed: UInt64, pacing: MotionSourceSpecification.Pacing = .realTime,
        trajectory: any Trajectory = ScriptedTrajectory.demo, settings: SimulatedIMU.Settings = SimulatedIMU.Settings()
    ) {
        self.seed = seed
        self.pacing = pacing
        self.trajectory = trajectory
        self.settings = settings
        self.info = MotionSourceInfo(
            name: "sim (seed \(seed))", hasAccelerometer: true, hasGyroscope: true,
            hasMagnetometer: settings.hasMagnetometer, maximumSampleRate: 1600)
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        let needed = SamplingFrequencyChoice.needed(forInterval: configuration.updateInterval)
        sampleRate = SamplingFrequencyChoice.choose(needed: needed, available: Self.availableFrequencies) ?? 100
        var settings = self.settings
        settings.sampleRate = sampleRate
        imu = SimulatedIMU(trajectory: trajectory, settings: settings, seed: seed)
        batchSize = max(1, Int((sampleRate * configuration.updateInterval).rounded(.down)))
        updateInterval = configuration.updateInterval.isFinite ? max(configuration.updateInterval, 0) : 0
        configuration.log(
            .info(
                "sim: sampling at \(DoubleText.shortest(sampleRate)) Hz (smallest available ≥ "
                    + "\(DoubleText.shortest(needed)) Hz), seed \(seed), \(pacing == .fast ? "fast" : "real time")"))
        startClock = MonotonicClock.now()
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        guard var imu, !cancellation.isCancelled else { return nil }
        var count = batchSize
        if pacing == .realTime {
            // Like a driver's buffer read once per update interval: wake on the interval's grid (or per sample
            // when samples are rarer) and take every sample due by then, rather than one wake-up per
            // `rate × interval` samples, which rounds down to a wake-up per sample at 1600 Hz and 1 ms.
            let period = max(updateInterval, 1 / sampleRate)
            let tick = (Double(imu.index) / sampleRate / period - 1e-9).rounded(.up)
            if !cancellation.wait(untilMonotonic: startClock + tick * period) { return nil }
            let last = Int((tick * period * sampleRate + 1e-6).rounded(.down))
            count = max(1, last - imu.index + 1)
        }
        var readings: [SensorReading] = []
        readings.reserveCapacity(3 * count)
        for reading in imu.next(count) {
            let sample = reading.sample
            readings.append(SensorReading(kind: .accelerometer, t: sample.t, value: sample.accelerometer))
            if let magnetometer = sample.magnetometer {
                readings.append(SensorReading(kind: .magnetometer, t: sample.t, value: magnetometer))
            }
            readings.append(SensorReading(kind: .gyroscope, t: sample.t, value: sample.gyroscope))
        }
        self.imu = imu
        return readings
    }

    public func cancel() { cancellation.cancel() }

    public func stop() { cancellation.cancel() }

    public var statistics: CaptureStatistics { CaptureStatistics() }
}
