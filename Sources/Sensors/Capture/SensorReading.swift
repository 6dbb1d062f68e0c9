import MotionMath

/// One timestamped reading of one sensor, in SI units and the device frame (docs/formats.md, "Units and frames"): what
/// a capture engine delivers before accelerometer, gyroscope and magnetometer are merged into `IMUSample`s, the
/// readings of a hardware step counter and the light intensities of a pulse sensor.
public struct SensorReading: Sendable, Equatable {
    /// Which sensor produced the reading.
    public enum Kind: String, Sendable, CaseIterable {
        /// Specific force, m/s².
        case accelerometer
        /// Angular velocity, rad/s.
        case gyroscope
        /// Magnetic flux density, µT.
        case magnetometer
        /// A hardware step counter (`in_steps_input`): `x` is the number of steps it counted since the capture
        /// started (its wrap-around undone, never decreasing); `y` and `z` are 0. Sources deliver it only when the
        /// capture asks for it (`CaptureConfiguration.readings`).
        case stepCount
        /// The activity a step-counting chip recognises (`in_activity_{still,walking,running}_input`): `x`, `y`, `z`
        /// are its confidence, 0–100 %, that the wearer is still, walking, running. Delivered with `stepCount`.
        case activity
        /// A pulse sensor's light intensities, ADC counts as the photodiode reports them: x red, y infrared, z green
        /// (`PPGLight`); NaN for an LED the sensor does not have. Raw intensity *falls* at systole (more blood, more
        /// light absorbed): whoever wants the pulse wave (rising at systole) negates it.
        case ppg
        /// A barometer: `x` the pressure, kPa (IIO's unit); `y` the sensor's temperature, °C, NaN when it has none;
        /// `z` 0.
        case pressure

        /// The readings of the motion sensors: accelerometer, gyroscope, magnetometer.
        public static let motion: Set<Kind> = [.accelerometer, .gyroscope, .magnetometer]
    }

    /// The sensor.
    public var kind: Kind
    /// Time of the measurement, s (kernel timestamp or monotonic clock).
    public var t: Double
    /// The measured vector (m/s², rad/s, µT or counts, by `kind`). Every kind of reading documents the meaning of the
    /// three components (red, infrared and green PPG intensities in `x`, `y`, `z`), as Android's
    /// `SensorEvent.values`: one fixed-size reading type for every source, queue and pipeline.
    public var value: Vector3

    public init(kind: Kind, t: Double, value: Vector3) {
        self.kind = kind
        self.t = t
        self.value = value
    }
}
