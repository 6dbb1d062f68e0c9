/// A pose a guided accelerometer procedure asks for.
public struct GuidedPose: Sendable, Equatable {
    /// Its number in the procedure, from 1.
    public var number: Int
    /// How many poses the procedure takes.
    public var count: Int
    /// The face to rest on, or nil for any orientation at least 20° from the poses already taken (free poses).
    public var face: AccelerometerFace?

    /// Creates a pose.
    public init(number: Int, count: Int, face: AccelerometerFace? = nil) {
        self.number = number
        self.count = count
        self.face = face
    }
}
