import MotionMath
import IIO

/// Turns the bytes of one buffer refill into readings: each sample's time, then each sensor's axes decoded in
/// place (`ScanFormat.value(in:at:)`) and converted to SI units in the device frame (`DiscoveredSensor.convert`);
/// a pulse sensor's intensities as they are (ADC counts), each in its LED's component.
///
/// A sample's time is its timestamp channel's value (ns → s) when the layout has one. A pulse sensor's fixed-rate
/// FIFO without one is timed by counting its samples on the host's clock (`SampleClock`). Otherwise (a motion
/// device without a timestamp channel, or devices merged on the host's clock) the samples of a refill are spread
/// back from its arrival by the nominal period, the last one at the arrival. Either way no sample comes closer than
/// half a period to the one before (arrival times jitter with the host's scheduling; times must still increase).
struct ScanDecoder {
    /// One sensor's axes in the sample.
    struct Sensor {
        /// The sensor, for its conversion to SI units.
        var sensor: DiscoveredSensor
        /// The kind of reading it gives.
        var kind: SensorReading.Kind
        /// Its x, y and z fields; for a pulse sensor, one field per LED (`DiscoveredSensor.lights`).
        var axes: [ScanLayout.Field]
    }

    /// The sensors in each sample, in the order their readings are emitted.
    let sensors: [Sensor]
    /// The timestamp channel (ns), nil to time samples by their arrival.
    let timestamp: ScanLayout.Field?
    /// The nominal sampling rate, Hz: spacing of arrival-timed samples.
    let rate: Double
    /// The bytes a sample must have for every field to fit.
    let extent: Int
    /// The previous sample's time, s.
    private var lastTime = -Double.infinity
    /// Counts a pulse sensor's samples when there is no timestamp field.
    private var clock: SampleClock?

    /// A decoder for samples holding `sensors` (three axes each) and, when not nil, a `timestamp` field.
    init(sensors: [Sensor], timestamp: ScanLayout.Field?, rate: Double) {
        self.sensors = sensors
        self.timestamp = timestamp
        self.rate = rate
        let fields = sensors.flatMap(\.axes) + (timestamp.map { [$0] } ?? [])
        self.extent = fields.map(\.end).max() ?? 0
        if timestamp == nil, !sensors.isEmpty, sensors.allSatisfy({ $0.kind == .ppg }) {
            clock = SampleClock(period: 1 / rate)
        }
    }

    /// Decodes the samples in `bytes` (whole samples of `step` bytes each, as a refill leaves them) and appends
    /// their readings to `batch`; a sensor whose conversion is unknown (no scale) gives none.
    ///
    /// - Parameters:
    ///   - arrival: the host clock when the refill returned, s; times the samples when there is no timestamp field.
    ///   - sampleTime: called with each sample's time, s, in order, when the device gives it: a timestamp field, or
    ///     a counted pulse sensor (gaps in arrival times say nothing about lost samples).
    /// - Precondition: `step` holds every field (at least the end of the furthest one).
    mutating func decode(
        _ bytes: UnsafeRawBufferPointer, step: Int, arrival: Double, into batch: inout [SensorReading],
        sampleTime: (Double) -> Void
    ) {
        let count = step > 0 ? bytes.count / step : 0
        guard count > 0 else { return }
        precondition(step >= extent, "a sample of \(step) bytes cannot hold fields up to byte \(extent)")
        let counted = clock?.time(ofNext: count, arrival: arrival)
        for index in 0..<count {
            let base = index * step
            var t: Double
            if let timestamp {
                t = Double(timestamp.format.integer(in: bytes, at: base + timestamp.offset)) / 1e9
            } else if let counted {
                t = max(counted + Double(index) / rate, lastTime + 0.5 / rate)
            } else {
                t = arrival - Double(count - 1 - index) / rate
                t = max(t, lastTime + 0.5 / rate)
            }
            lastTime = t
            if timestamp != nil || counted != nil { sampleTime(t) }
            for sensor in sensors {
                let axes = sensor.axes
                if sensor.kind == .ppg {
                    // ADC counts, one per LED, in the LED's component; NaN where the sensor has no such LED.
                    var value = SIMD3<Double>(repeating: .nan)
                    for (light, field) in zip(sensor.sensor.lights, axes) {
                        value[light.component] = field.format.value(in: bytes, at: base + field.offset)
                    }
                    batch.append(SensorReading(kind: .ppg, t: t, value: Vector3(value)))
                    continue
                }
                let raw = SIMD3(
                    axes[0].format.value(in: bytes, at: base + axes[0].offset),
                    axes[1].format.value(in: bytes, at: base + axes[1].offset),
                    axes[2].format.value(in: bytes, at: base + axes[2].offset))
                guard let value = sensor.sensor.convert(raw: raw) else { continue }
                batch.append(SensorReading(kind: sensor.kind, t: t, value: Vector3(value)))
            }
        }
    }
}
