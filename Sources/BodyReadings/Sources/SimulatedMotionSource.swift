import MotionMath
import MotionSimulation
import PulseSimulation
import Sensors
import SystemSupport
import TextFormats

/// The built-in simulated IMU and pulse sensor: a BMI160-class accelerometer, gyroscope and magnetometer (noise, bias,
/// sampling from `SimulatedIMU`) moved along the demo trajectory (rest, pick-up, walking, tilts, spins, running; see
/// `ScriptedTrajectory.demo`; its true step times are `trajectory.steps(from:to:)`), and a MAX30102-class pulse sensor
/// on a finger (`PulseSimulator`: heart-rate variability, breathing, baseline drift, motion-artefact bursts) with
/// known beats. Deterministic: the same seed and
/// update interval give the same samples.
///
/// Like real hardware the IMU picks its sampling frequency from a list (25…1600 Hz, the smallest that the update
/// interval needs) and, paced in real time, delivers a batch per update interval (per two intervals below 2 ms:
/// `WakeBatching`). The pulse sensor runs at 100 samples/s and is simulated only when a capture asks for `.ppg`
/// readings (`CaptureConfiguration.readings`), so the motion stream is the same with or without it.
public final class SimulatedMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `imu`, `pulse`, `sampleRate`, `batchSize`, `updateInterval`, `startClock`, `batch` and the
    // reading counts are confined to the reading thread; `cancellation` is thread-safe.

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
    /// The simulated pulse: 72 beats/min with the default variability, breathing and drift, and a motion-artefact
    /// burst every 30 s on average from 20 s on.
    public let pulseSettings: PulseSimulator.Settings
    /// The seed of the pulse (`PulseSimulator(settings: pulseSettings, seed: pulseSeed)` repeats its samples and
    /// beats: the truth for tests).
    public var pulseSeed: UInt64 { seed ^ 0x5055_4C53_45 }

    private let cancellation = CaptureCancellation()
    private var imu: SimulatedIMU?
    private var pulse: PulseSimulator?
    private var pulseCount = 0
    private var sampleRate = 100.0
    private var batchSize = 1
    private var updateInterval = 0.01
    private var startClock = 0.0
    /// The readings of one `read()`, kept for its capacity: the reader has let go of the last batch by the next
    /// `read()`, so that the storage is reused instead of allocated for every wake-up.
    private var batch: [SensorReading] = []

    /// The default simulated pulse (see `pulseSettings`).
    public static var defaultPulse: PulseSimulator.Settings {
        var settings = PulseSimulator.Settings()
        settings.motionArtefactRate = 1.0 / 30
        settings.motionArtefactStart = 20
        return settings
    }

    /// A simulated IMU on `trajectory` (default: the demo) with `settings` (default: typical MEMS errors), and a
    /// pulse sensor with `pulse` (default: `defaultPulse`).
    public init(
        seed: UInt64, pacing: MotionSourceSpecification.Pacing = .realTime,
        trajectory: any Trajectory = ScriptedTrajectory.demo, settings: SimulatedIMU.Settings = SimulatedIMU.Settings(),
        pulse: PulseSimulator.Settings = SimulatedMotionSource.defaultPulse
    ) {
        self.seed = seed
        self.pacing = pacing
        self.trajectory = trajectory
        self.settings = settings
        self.pulseSettings = pulse
        self.info = MotionSourceInfo(
            name: "sim (seed \(seed))", hasAccelerometer: true, hasGyroscope: true,
            hasMagnetometer: settings.hasMagnetometer, maximumSampleRate: 1600, hasPPG: true)
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        let needed = SamplingFrequencyChoice.needed(forInterval: configuration.effectiveSamplingInterval)
        updateInterval = configuration.updateInterval.isFinite ? max(configuration.updateInterval, 0) : 0
        var parts: [String] = []
        if !configuration.readings.isDisjoint(with: SensorReading.Kind.motion) {
            sampleRate = SamplingFrequencyChoice.choose(needed: needed, available: Self.availableFrequencies) ?? 100
            var settings = self.settings
            settings.sampleRate = sampleRate
            imu = SimulatedIMU(trajectory: trajectory, settings: settings, seed: seed)
            batchSize = max(1, Int((sampleRate * configuration.updateInterval).rounded(.down)))
            parts.append(
                "sampling at \(DoubleText.shortest(sampleRate)) Hz (smallest available ≥ "
                    + "\(DoubleText.shortest(needed)) Hz)")
        }
        if configuration.readings.contains(.ppg) {
            pulse = PulseSimulator(settings: pulseSettings, seed: pulseSeed)
            parts.append("pulse at \(DoubleText.shortest(pulseSettings.sampleRate)) samples/s")
        }
        configuration.log(
            .info(
                "sim: \(parts.joined(separator: ", ")), seed \(seed), \(pacing == .fast ? "fast" : "real time")"))
        startClock = MonotonicClock.now()
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        guard !cancellation.isCancelled, imu != nil || pulse != nil else { return nil }
        // Taken out of the stored property while filled (no exclusivity check per append), put back for its capacity.
        var readings = batch
        batch = []
        readings.removeAll(keepingCapacity: true)
        let until: Double
        if var imu {
            var count = batchSize
            var due: Double?
            if pacing == .realTime {
                // Like a driver's buffer read once per refill: wake on the grid of `WakeBatching.wakePeriod` (the
                // interval, two below 2 ms; a sample period when samples are rarer) and take every sample due by
                // then, rather than one wake-up per `rate × interval` samples, which rounds down to a wake-up per
                // sample at 1600 Hz and 1 ms.
                let period = WakeBatching.wakePeriod(interval: updateInterval, samplePeriod: 1 / sampleRate)
                let tick = (Double(imu.index) / sampleRate / period - 1e-9).rounded(.up)
                due = startClock + tick * period
                let last = Int((tick * period * sampleRate + 1e-6).rounded(.down))
                count = max(1, last - imu.index + 1)
            }
            readings.reserveCapacity(3 * count)
            // One sample at a time: no array of readings (with their truths) per wake-up.
            for _ in 0..<count {
                let sample = imu.next().sample
                readings.append(SensorReading(kind: .accelerometer, t: sample.t, value: sample.accelerometer))
                if let magnetometer = sample.magnetometer {
                    readings.append(SensorReading(kind: .magnetometer, t: sample.t, value: magnetometer))
                }
                readings.append(SensorReading(kind: .gyroscope, t: sample.t, value: sample.gyroscope))
            }
            // The samples are made before the sleep, not after it: they do not depend on when they are made, and
            // right after the last wake-up's work the simulation's code and data are still in the caches, which a
            // sleep leaves cold (about 10 % less CPU at 1 ms in five side-by-side runs).
            if let due, !cancellation.wait(untilMonotonic: due) { return nil }
            until = Double(imu.index - 1) / sampleRate
            self.imu = imu
        } else {
            let rate = pulseSettings.sampleRate
            if pacing == .realTime {
                let period = WakeBatching.wakePeriod(interval: updateInterval, samplePeriod: 1 / rate)
                let tick = (Double(pulseCount) / rate / period - 1e-9).rounded(.up)
                if !cancellation.wait(untilMonotonic: startClock + tick * period) { return nil }
                until = tick * period
            } else {
                until = Double(pulseCount + max(1, Int((rate * updateInterval).rounded(.down))) - 1) / rate
            }
        }
        if var pulse {
            let rate = pulseSettings.sampleRate
            while Double(pulseCount) / rate <= until + 1e-9 {
                let sample = pulse.next()
                pulseCount += 1
                readings.append(SensorReading(kind: .ppg, t: sample.time, value: Self.intensities(sample.value)))
            }
            self.pulse = pulse
        }
        batch = readings
        return readings
    }

    /// The simulated pulse as a MAX30102 on a finger would report it: red and infrared ADC counts (18 bits) that
    /// fall as the pulse (`value`, 0…1, rising at systole) rises; no green LED (NaN).
    static func intensities(_ value: Double) -> Vector3 {
        Vector3((1 - 0.6 * value) * 200_000, (1 - value) * 262_143, .nan)
    }

    public func cancel() { cancellation.cancel() }

    public func stop() { cancellation.cancel() }

    public var statistics: CaptureStatistics { CaptureStatistics() }
}
