import Fusion
import MotionSimulation

/// The built-in simulated IMU: a BMI160-class accelerometer, gyroscope and magnetometer (noise, bias, sampling from
/// `SimulatedIMU`) moved along the demo trajectory (rest, pick-up, walking, tilts, spins; see
/// `ScriptedTrajectory.demo`). Deterministic: the same seed and update interval give the same samples.
///
/// Like real hardware it picks its sampling frequency from a list (25…1600 Hz, the smallest that the update interval
/// needs) and, paced in real time, delivers a batch per update interval.
public final class SimulatedMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `imu`, `sampleRate`, `startClock` and `statisticsValue` are confined to the reading thread;
    // `cancellation` is thread-safe.

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
        configuration.log(
            "sim: sampling at \(DeviceCapture.format(sampleRate)) Hz (smallest available ≥ "
                + "\(DeviceCapture.format(needed)) Hz), seed \(seed), \(pacing == .fast ? "fast" : "real time")")
        startClock = MonotonicClock.now()
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        guard var imu, !cancellation.isCancelled else { return nil }
        if pacing == .realTime {
            // The batch's last sample is due when the clock has run as long as the trajectory.
            let due = startClock + Double(imu.index + batchSize - 1) / sampleRate
            if !cancellation.wait(untilMonotonic: due) { return nil }
        }
        var readings: [SensorReading] = []
        readings.reserveCapacity(3 * batchSize)
        for reading in imu.next(batchSize) {
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
