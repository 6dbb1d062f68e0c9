import MotionMath
import MotionSimulation
import PulseSimulation
import Sensors

/// The reading side of a started `SimulatedMotionSource`: the simulated IMU, pulse and barometer, where they are, and
/// when the next wake-up is due. A value, so that a read changes it in place (`SimulatedMotionSource.read()` takes it out of
/// the source for the read).
struct SimulatedReader {
    /// The simulated IMU; nil when the capture asked for no motion reading.
    var imu: SimulatedIMU?
    /// The simulated pulse; nil when the capture asked for no `.ppg` readings.
    var pulse: PulseSimulator?
    /// Pulse samples made so far.
    var pulseCount = 0
    /// The simulated barometer; nil when the capture asked for no `.pressure` readings.
    var barometer: SimulatedBarometer?
    /// Barometer samples delivered so far.
    private var barometerCount = 0
    /// The barometer's next sample, made ahead to know its time.
    private var nextPressure: SimulatedBarometer.Reading?
    /// The IMU's sampling frequency, Hz.
    var sampleRate = 100.0
    /// IMU samples per read when paced as fast as read.
    var batchSize = 1
    /// The capture's update interval, s (0: every sample).
    var updateInterval: Double
    /// The pulse's sample rate, Hz.
    let pulseRate: Double
    /// When the capture started, monotonic seconds: sample time 0.
    var startClock = 0.0
    /// The readings of one read, kept for its capacity: the reader has let go of the last batch by the next read,
    /// so that the storage is reused instead of allocated for every wake-up.
    private var batch: [SensorReading] = []

    init(updateInterval: Double, pulseRate: Double) {
        self.updateInterval = updateInterval
        self.pulseRate = pulseRate
    }

    /// The readings of the next wake-up: paced in real time, after waiting for it (nil when `cancellation` ended
    /// the wait); nil without an IMU, a pulse or a barometer. The pulse and the barometer are paced by the IMU (the
    /// samples due by its wake-up), without one the pulse by itself and the barometer by the pulse or itself.
    mutating func read(
        pacing: MotionSourceSpecification.Pacing, cancellation: CaptureCancellation
    ) -> [SensorReading]? {
        guard imu != nil || pulse != nil || barometer != nil else { return nil }
        // Taken out of the stored property while filled (no exclusivity check per append), put back for its capacity.
        var readings = batch
        batch = []
        readings.removeAll(keepingCapacity: true)
        let until: Double
        if imu != nil {
            var count = batchSize
            var due: Double?
            let index = imu?.index ?? 0
            if pacing == .realTime {
                // Like a driver's buffer read once per refill: wake on the grid of `WakeBatching.wakePeriod` (the
                // interval, two below 2 ms; a sample period when samples are rarer) and take every sample due by
                // then, rather than one wake-up per `rate × interval` samples, which rounds down to a wake-up per
                // sample at 1600 Hz and 1 ms.
                let wake = nextWake(made: index, rate: sampleRate)
                due = startClock + wake
                let last = Int((wake * sampleRate + 1e-6).rounded(.down))
                count = max(1, last - index + 1)
            }
            readings.reserveCapacity(3 * count)
            // One sample at a time, the IMU advanced in place: no array of readings (with their truths) per wake-up.
            for _ in 0..<count {
                guard let sample = imu?.next().sample else { break }
                sample.appendReadings(to: &readings)
            }
            // The samples are made before the sleep, not after it: they do not depend on when they are made, and
            // right after the last wake-up's work the simulation's code and data are still in the caches, which a
            // sleep leaves cold (about 10 % less CPU at 1 ms in five side-by-side runs).
            if let due, !cancellation.wait(untilMonotonic: due) { return nil }
            until = Double((imu?.index ?? 1) - 1) / sampleRate
        } else {
            let (made, rate) =
                pulse != nil || barometer == nil
                ? (pulseCount, pulseRate) : (barometerCount, barometer?.settings.sampleRate ?? pulseRate)
            if pacing == .realTime {
                let wake = nextWake(made: made, rate: rate)
                if !cancellation.wait(untilMonotonic: startClock + wake) { return nil }
                until = wake
            } else {
                until = Double(made + max(1, Int((rate * updateInterval).rounded(.down))) - 1) / rate
            }
        }
        if pulse != nil {
            while Double(pulseCount) / pulseRate <= until + 1e-9, let sample = pulse?.next() {
                pulseCount += 1
                readings.append(
                    SensorReading(kind: .ppg, t: sample.t, value: SimulatedMotionSource.intensities(sample.value)))
            }
        }
        if barometer != nil {
            while true {
                if nextPressure == nil { nextPressure = barometer?.next() }
                guard let sample = nextPressure, sample.t <= until + 1e-9 else { break }
                nextPressure = nil
                barometerCount += 1
                let value = Vector3(sample.pressure, sample.temperature, 0)
                readings.append(SensorReading(kind: .pressure, t: sample.t, value: value))
            }
        }
        batch = readings
        return readings
    }


    /// The sample time of the next wake-up of a stream at `rate` Hz that has made `made` samples: the first point
    /// of the `WakeBatching.wakePeriod` grid at or after its next sample's time.
    private func nextWake(made: Int, rate: Double) -> Double {
        let period = WakeBatching.wakePeriod(interval: updateInterval, samplePeriod: 1 / rate)
        return (Double(made) / rate / period - 1e-9).rounded(.up) * period
    }
}
