import MotionMath

/// One raw (calibrated, mount-matrix-applied) accelerometer reading, like CoreMotion's `CMAccelerometerData`.
public struct AccelerometerData: Sendable, Hashable {
    /// Time of the measurement, s.
    public var timestamp: Double
    /// Specific force, m/s², device frame (lying flat, screen up: (0, 0, +9.81)).
    public var acceleration: Vector3

    public init(timestamp: Double, acceleration: Vector3) {
        self.timestamp = timestamp
        self.acceleration = acceleration
    }
}
