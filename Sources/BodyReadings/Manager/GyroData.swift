import MotionMath

/// One raw (calibrated, mount-matrix-applied) gyro reading, like CoreMotion's `CMGyroData`.
public struct GyroData: Sendable, Hashable {
    /// Time of the measurement, s.
    public var timestamp: Double
    /// Angular velocity, rad/s, device frame (calibrated, not bias-tracked).
    public var rotationRate: Vector3

    public init(timestamp: Double, rotationRate: Vector3) {
        self.timestamp = timestamp
        self.rotationRate = rotationRate
    }
}
