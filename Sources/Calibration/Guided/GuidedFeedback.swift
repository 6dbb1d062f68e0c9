/// Why a guided step does or does not progress (`GuidedEvent.progress`).
public enum GuidedFeedback: Sendable, Equatable {
    /// The device moves (its last half second is not still). The pose asked for, if the procedure asks for poses.
    case moving(GuidedPose?)
    /// The device is still but not in the pose asked for: not within 25° of the face, or (free poses) within 20° of
    /// a pose already taken.
    case wrongOrientation(GuidedPose)
    /// The device is still (in the pose asked for, if any) and the step progresses.
    case still(GuidedPose?)
    /// The magnetometer's rough coverage of directions, 0…1.
    case rotating(coverage: Double)
}
