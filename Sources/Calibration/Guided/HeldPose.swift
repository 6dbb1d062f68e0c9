import MotionMath

/// The accelerometer readings of one pose being held still: their sum, count and when the hold began.
struct HeldPose: Sendable {
    private var sum = Vector3.zero
    private var count = 0
    private var start: Double?

    /// Adds a reading taken at `t` and returns how much of `holdSeconds` the pose has been held (≥ 1 when done).
    mutating func add(_ accelerometer: Vector3, at t: Double, holdSeconds: Double) -> Double {
        let first = start ?? t
        start = first
        sum += accelerometer
        count += 1
        return (t - first) / holdSeconds
    }

    /// The mean reading of the hold, as a pose for the calibrators.
    var stillPose: StillPose { StillPose(accelerometer: sum / Double(count), samples: count) }
}
