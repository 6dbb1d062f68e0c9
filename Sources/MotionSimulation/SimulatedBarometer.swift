import MotionMath

/// A simulated barometer (a Bosch BMP280 by default) in a `BuildingWalk`: samples the pressure at the walk's true
/// altitude under drifting weather, with the walk's door and ventilation disturbances and the sensor's errors.
/// Deterministic: the same walk, settings and seed give identical samples. A repeating barometer (a service's
/// simulated building, `repeating`) walks the same day over and over under weather that goes on: the altitude and
/// disturbances of a sample are the walk's at its time modulo the walk's duration, the weather's and temperature's
/// those of its own time, and it never ends.
///
/// Per sample at `Settings.sampleRate`:
/// - the air's pressure: the weather's (`Settings.seaLevelPressure`, drifting linearly by `Settings.weatherRate`
///   and along a 12-hour tide of `Settings.tideAmplitude`) reduced by exp(−h / (R·T/(g·M))) at the air's
///   temperature, plus the disturbances;
/// - the die's temperature: the air's plus `Settings.selfHeating`, wandering by `Settings.temperatureWander` over
///   `Settings.temperatureWanderPeriod`, reported to `Settings.temperatureResolution`;
/// - the pressure's errors: the temperature coefficient of offset (the datasheet's ±1.5 Pa/K; this device's value
///   drawn from the seed within ±`Settings.temperatureCoefficient`) times the die's departure from 25 °C, white
///   noise of `Settings.pressureNoise` RMS (the datasheet's 1.3 Pa at ×16 oversampling, filter off) and the output
///   resolution `Settings.pressureResolution` (0.16 Pa at ×16).
public struct SimulatedBarometer: Sendable {
    /// One sample with the truth at its time.
    public struct Reading: Sendable, Hashable {
        /// Time, s.
        public var t: Double
        /// The reported pressure, kPa.
        public var pressure: Double
        /// The reported temperature, °C.
        public var temperature: Double
        /// The true altitude above the walk's start, m.
        public var altitude: Double
    }

    /// R / (g·M) for dry air, m/K: the scale height per kelvin of the barometric formula.
    public static let metresPerKelvin = 8.314462618 / (9.80665 * 0.0289644)

    /// The walk sampled.
    public let walk: BuildingWalk
    /// The sensor and the weather.
    public let settings: Settings
    /// This device's temperature coefficient of offset, Pa/K.
    public let temperatureCoefficient: Double
    /// The weather's drift of this day, Pa/s.
    public let weatherRate: Double
    private let tidePhase: Double
    private let wanderPhase: Double
    /// The walk starts over at its end, forever.
    public let repeating: Bool
    private var generator: SeededGenerator
    private var index = 0

    /// A barometer on `walk` (walked over and over with `repeating`); `seed` fixes the device's offset coefficient,
    /// the weather's drift and the noise.
    public init(walk: BuildingWalk, settings: Settings = Settings(), seed: UInt64 = 0, repeating: Bool = false) {
        self.walk = walk
        self.repeating = repeating && walk.duration > 0
        self.settings = settings
        var generator = SeededGenerator(seed: seed)
        temperatureCoefficient = (2 * generator.nextUniform() - 1) * settings.temperatureCoefficient
        weatherRate = (2 * generator.nextUniform() - 1) * settings.weatherRate / 3600
        tidePhase = 2 * Double.pi * generator.nextUniform()
        wanderPhase = 2 * Double.pi * generator.nextUniform()
        self.generator = generator
    }

    /// The next sample, or nil after the walk's end (never when `repeating`).
    public mutating func next() -> Reading? {
        let t = Double(index) / settings.sampleRate
        guard t <= walk.duration || repeating else { return nil }
        index += 1
        let walked = repeating ? t.truncatingRemainder(dividingBy: walk.duration) : t
        let altitude = walk.altitude(at: walked)
        let weather =
            settings.seaLevelPressure + weatherRate * t
            + settings.tideAmplitude * Elementary.sin(2 * Double.pi * t / (12 * 3600) + tidePhase)
        let pressure =
            weather * Self.pressureRatio(altitude: altitude, celsius: settings.airTemperature)
            + walk.disturbance(at: walked)
        let die =
            settings.airTemperature + settings.selfHeating
            + settings.temperatureWander
            * Elementary.sin(2 * Double.pi * t / settings.temperatureWanderPeriod + wanderPhase)
        let error = temperatureCoefficient * (die - 25) + settings.pressureNoise * generator.nextGaussian()
        return Reading(
            t: t,
            pressure: Self.quantized(pressure + error, settings.pressureResolution) / 1000,
            temperature: Self.quantized(die, settings.temperatureResolution), altitude: altitude)
    }

    /// The pressure `altitude` m above a reference, as a fraction of the reference's, in air at `celsius`:
    /// exp(−h / (R·T/(g·M))).
    public static func pressureRatio(altitude: Double, celsius: Double) -> Double {
        Elementary.exp(-altitude / (metresPerKelvin * (celsius + 273.15)))
    }

    /// Every sample (of one walk when `repeating`).
    public mutating func all() -> [Reading] {
        var readings: [Reading] = []
        readings.reserveCapacity(Int(walk.duration * settings.sampleRate) + 1)
        while Double(index) / settings.sampleRate <= walk.duration, let reading = next() { readings.append(reading) }
        return readings
    }

    private static func quantized(_ value: Double, _ step: Double) -> Double {
        step > 0 ? (value / step).rounded() * step : value
    }
}
