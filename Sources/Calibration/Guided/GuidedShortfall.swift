/// What a guided procedure still lacks when the front end gives up on it.
public enum GuidedShortfall: Sendable, Equatable {
    /// Gyroscope: never `seconds` of stillness; it started again `restarts` times after movement.
    case neverStill(seconds: Double, restarts: Int)
    /// Accelerometer faces: `face` was never held still; `done` of `count` faces were taken.
    case faceNotHeld(AccelerometerFace, done: Int, count: Int)
    /// Free poses: only `found` of `needed` distinct still poses.
    case tooFewPoses(found: Int, needed: Int)
    /// Magnetometer: the rough coverage of directions reached, 0…1.
    case coverage(Double)
}
