import MotionMath

/// One raw (calibrated, mount-matrix-applied) magnetometer reading, like CoreMotion's `CMMagnetometerData`.
public struct MagnetometerData: Sendable, Hashable {
    /// Time of the measurement, s.
    public var timestamp: Double
    /// Magnetic flux density, µT, device frame (calibrated).
    public var magneticField: Vector3

    public init(timestamp: Double, magneticField: Vector3) {
        self.timestamp = timestamp
        self.magneticField = magneticField
    }
}
