/// What a guided procedure asks of the user as a whole, for the front end's opening instructions.
public enum GuidedTask: Sendable, Equatable {
    /// Gyroscope: leave the device untouched on a steady surface for `seconds` of uninterrupted stillness.
    case keepStill(seconds: Double)
    /// Accelerometer: rest the device on each of `faces` in turn, each still for `holdSeconds`.
    case faces(count: Int, holdSeconds: Double)
    /// Accelerometer offset only: the device flat, screen up, on a level table, still for `holdSeconds`.
    case level(holdSeconds: Double)
    /// Accelerometer: `count` still poses in orientations at least 20° apart, each still for `holdSeconds`.
    case freePoses(count: Int, holdSeconds: Double)
    /// Magnetometer: turn the device through every orientation, for at most `longestSeconds`.
    case rotate(longestSeconds: Double)
}
