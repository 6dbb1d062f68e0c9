import MotionMath

/// A face of the device to rest on for the six-position accelerometer calibration: the device axis that points up.
public struct AccelerometerFace: Sendable, Equatable {
    /// The unit device axis that points up (gravity's reaction, as the accelerometer reads it at rest).
    public var axis: Vector3
    /// The axis as text: "+z", "−z", "+x", …
    public var name: String
    /// How the device lies with this face up, e.g. "flat on its back, screen up".
    public var placement: String

    /// Creates a face.
    public init(axis: Vector3, name: String, placement: String) {
        self.axis = axis
        self.name = name
        self.placement = placement
    }

    /// The six faces in the order the guided procedure asks for them: screen up and down, then the edges in pairs.
    public static let all: [AccelerometerFace] = [
        AccelerometerFace(axis: Vector3(0, 0, 1), name: "+z", placement: "flat on its back, screen up"),
        AccelerometerFace(axis: Vector3(0, 0, -1), name: "−z", placement: "flat on its face, screen down"),
        AccelerometerFace(axis: Vector3(1, 0, 0), name: "+x", placement: "standing on its left edge (right edge up)"),
        AccelerometerFace(axis: Vector3(-1, 0, 0), name: "−x", placement: "standing on its right edge (left edge up)"),
        AccelerometerFace(axis: Vector3(0, 1, 0), name: "+y", placement: "standing on its bottom edge (top up)"),
        AccelerometerFace(axis: Vector3(0, -1, 0), name: "−y", placement: "standing on its top edge (bottom up)"),
    ]
}
