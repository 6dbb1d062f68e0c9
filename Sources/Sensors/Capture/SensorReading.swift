import MotionMath

/// One timestamped reading of one sensor, in SI units and the device frame (DESIGN.md "Conventions"): what a capture
/// engine delivers before accelerometer, gyroscope and magnetometer are merged into `IMUSample`s.
public struct SensorReading: Sendable, Equatable {
    /// Which sensor produced the reading.
    public enum Kind: String, Sendable, CaseIterable {
        /// Specific force, m/s².
        case accelerometer
        /// Angular velocity, rad/s.
        case gyroscope
        /// Magnetic flux density, µT.
        case magnetometer
    }

    /// The sensor.
    public var kind: Kind
    /// Time of the measurement, s (kernel timestamp or monotonic clock).
    public var t: Double
    /// The measured vector (m/s², rad/s or µT, by `kind`). A further kind of reading is a further case of `Kind`
    /// with the meaning of the three components documented there (a step count in `x`; red, IR and green PPG
    /// intensities in `x`, `y`, `z`), as Android's `SensorEvent.values`: one fixed-size reading type for every
    /// source, queue and pipeline.
    public var value: Vector3

    public init(kind: Kind, t: Double, value: Vector3) {
        self.kind = kind
        self.t = t
        self.value = value
    }
}
