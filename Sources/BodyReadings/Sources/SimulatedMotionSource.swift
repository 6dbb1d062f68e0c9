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
/// known beats, and a BMP280-class barometer carried through a building along the trajectory
/// (`SimulatedBarometer` on `BuildingWalk.alongsideDemo`, repeating: a floor up the stairs while the demo walks, the lift
/// back down while it stands). Deterministic: the same seed and update interval give the same samples.
///
/// Like real hardware the IMU picks its sampling frequency from a list (25…1600 Hz, the smallest that the update
/// interval needs) and, paced in real time, delivers a batch per update interval (per two intervals below 2 ms:
/// `WakeBatching`). The pulse sensor runs at 100 samples/s and is simulated only when a capture asks for `.ppg`
/// readings (`CaptureConfiguration.readings`), so the motion stream is the same with or without it; the barometer
/// runs at 25 samples/s, only when a capture asks for `.pressure` readings.
public final class SimulatedMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `reader` is confined to the reading thread; `cancellation` is thread-safe.

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
    /// The building the barometer is carried through, walked over and over from the start of the capture.
    public let building: BuildingWalk
    /// The simulated barometer's sensor and weather.
    public let barometerSettings: SimulatedBarometer.Settings
    /// The seed of the barometer (`SimulatedBarometer(walk: building, settings: barometerSettings, seed:
    /// barometerSeed, repeating: true)` repeats its samples: the truth for tests).
    public var barometerSeed: UInt64 { seed ^ 0x4241_524F }
    /// The source has a barometer: `.pressure` readings when a capture asks for them.
    public var hasBarometer: Bool { true }

    private let cancellation = CaptureCancellation()
    /// What `start` set up and `read()` advances; nil before the start.
    private var reader: SimulatedReader?

    /// The default simulated pulse (see `pulseSettings`).
    public static var defaultPulse: PulseSimulator.Settings {
        var settings = PulseSimulator.Settings()
        settings.motionArtefactRate = 1.0 / 30
        settings.motionArtefactStart = 20
        return settings
    }

    /// A simulated IMU on `trajectory` (default: the demo) with `settings` (default: typical MEMS errors), a pulse
    /// sensor with `pulse` (default: `defaultPulse`) and a barometer with `barometer` in `building`.
    public init(
        seed: UInt64, pacing: MotionSourceSpecification.Pacing = .realTime,
        trajectory: any Trajectory = ScriptedTrajectory.demo, settings: SimulatedIMU.Settings = SimulatedIMU.Settings(),
        pulse: PulseSimulator.Settings = SimulatedMotionSource.defaultPulse,
        building: BuildingWalk = .alongsideDemo, barometer: SimulatedBarometer.Settings = SimulatedBarometer.Settings()
    ) {
        self.building = building
        self.barometerSettings = barometer
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
        var reader = SimulatedReader(
            updateInterval: configuration.updateInterval.isFinite ? max(configuration.updateInterval, 0) : 0,
            pulseRate: pulseSettings.sampleRate)
        var parts: [String] = []
        if !configuration.readings.isDisjoint(with: SensorReading.Kind.motion) {
            let sampleRate =
                SamplingFrequencyChoice.choose(needed: needed, available: Self.availableFrequencies) ?? 100
            var settings = self.settings
            settings.sampleRate = sampleRate
            reader.imu = SimulatedIMU(trajectory: trajectory, settings: settings, seed: seed)
            reader.sampleRate = sampleRate
            reader.batchSize = max(1, Int((sampleRate * configuration.updateInterval).rounded(.down)))
            parts.append(
                "sampling at \(DoubleText.shortest(sampleRate)) Hz (smallest available ≥ "
                    + "\(FixedDecimal.readable(needed)) Hz)")
        }
        if configuration.readings.contains(.ppg) {
            reader.pulse = PulseSimulator(settings: pulseSettings, seed: pulseSeed)
            parts.append("pulse at \(DoubleText.shortest(pulseSettings.sampleRate)) samples/s")
        }
        if configuration.readings.contains(.pressure) {
            reader.barometer = SimulatedBarometer(
                walk: building, settings: barometerSettings, seed: barometerSeed, repeating: true)
            parts.append("barometer at \(DoubleText.shortest(barometerSettings.sampleRate)) samples/s")
        }
        configuration.log(
            .info(
                "sim: \(parts.joined(separator: ", ")), seed \(seed), \(pacing == .fast ? "fast" : "real time")"))
        reader.startClock = MonotonicClock.now()
        self.reader = reader
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        // Taken out of the class for the read, put back after it: the reader's state is then changed in place,
        // not copied out and back (the IMU with its settings) nor checked for exclusive access at every step.
        guard !cancellation.isCancelled, var reader = reader.take() else { return nil }
        defer { self.reader = reader }
        return reader.read(pacing: pacing, cancellation: cancellation)
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
