/// Relative altitude from a barometer, like CoreMotion's `CMAltimeter`: each pressure sample (and the sensor's
/// temperature, when it has one) gives an `AltitudeReading` — the filtered pressure and the height above the
/// reference, by the barometric formula: the mean pressure of the samples of the first `Settings.referenceTime` (1 s),
/// not the first sample alone, whose noise would offset every later height by up to 0.4 m.
///
/// The filter is two first-order low-passes in a row, each with the time constant `Settings.timeConstant` (0.3 s)
/// and stepped by the samples' own intervals, so any rate and jittering timestamps work: a BMP280's 1.3 Pa of noise
/// at 25 Hz (0.11 m) becomes ≈ 0.25 Pa (0.02 m), and a height change shows with ≈ 0.6 s of delay (a 3 m floor in a
/// lift within 2 s of the ride's end). The temperature is low-passed over `Settings.temperatureTimeConstant` (10 s),
/// since it only scales the height (0.34 % per kelvin). After a gap longer than `Settings.maximumGap` the filter
/// restarts at the new sample (no transient from stale state); the reference pressure stays.
///
/// The altitude is the barometer's: weather moves it (≈ 1 hPa, 8 m, over hours) and so do doors and ventilation (a
/// few to tens of Pa in a second); `FlightCounter` keeps both out of the flights. Per sample: a logarithm and a few
/// multiply-adds; no allocation.
public struct Altimeter: Sendable {
    /// The parameters.
    public let settings: Settings
    /// The reference pressure, kPa: the mean of the samples until `Settings.referenceTime` after the first, fixed
    /// from then on; nil before the first sample.
    public private(set) var referencePressure: Double?
    /// Samples dropped: non-finite or non-positive pressure, non-finite temperature, or time not after the
    /// previous sample's.
    public private(set) var rejectedSamples = 0
    private var lastTime = -Double.infinity
    /// The first sample's time, s; nil before it.
    private var firstTime: Double?
    /// The running mean of the samples taken into the reference, kPa, and their count.
    private var referenceMean = (pressure: 0.0, count: 0)
    private var stage1 = 0.0
    private var stage2 = 0.0
    private var temperature = BarometricFormula.standardTemperature

    /// An altimeter with `settings`.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Feeds one sample: `time` s (increasing), `pressure` kPa, `temperature` °C (nil: the sensor has none; the
    /// last one reported, or 15 °C, is used). Returns the reading, or nil for a rejected sample.
    public mutating func update(time: Double, pressure: Double, temperature reported: Double? = nil)
        -> AltitudeReading?
    {
        guard time.isFinite, time > lastTime, pressure.isFinite, pressure > 0, reported?.isFinite ?? true else {
            rejectedSamples += 1
            return nil
        }
        let dt = time - lastTime
        lastTime = time
        guard var reference = referencePressure, dt <= settings.maximumGap else {
            if referencePressure == nil, let reported { temperature = reported }
            if firstTime == nil {
                firstTime = time
                referenceMean = (pressure, 1)
            }
            referencePressure = referencePressure ?? pressure
            stage1 = pressure
            stage2 = pressure
            return reading(time: time, reference: referencePressure ?? pressure)
        }
        let a = dt / (settings.timeConstant + dt)
        stage1 += a * (pressure - stage1)
        stage2 += a * (stage1 - stage2)
        if let reported {
            temperature += dt / (settings.temperatureTimeConstant + dt) * (reported - temperature)
        }
        if let firstTime, time - firstTime <= settings.referenceTime {
            // The running mean: a steady pressure leaves it exactly that pressure (and the height exactly 0).
            let count = referenceMean.count + 1
            referenceMean = (referenceMean.pressure + (pressure - referenceMean.pressure) / Double(count), count)
            reference = referenceMean.pressure
            referencePressure = reference
        }
        return reading(time: time, reference: reference)
    }

    private func reading(time: Double, reference: Double) -> AltitudeReading {
        AltitudeReading(
            t: time, pressure: stage2,
            relativeAltitude: BarometricFormula.height(
                pressure: stage2, reference: reference, temperature: temperature))
    }
}
