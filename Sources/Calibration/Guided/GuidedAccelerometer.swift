import MotionMath

/// Accelerometer offset and matrix from the six faces in turn (`AccelerometerFace.all`), each held still for
/// `holdSeconds`; with `level`, the offset alone from the device lying flat, screen up.
///
/// A sample counts towards a face when the last half second is still (`StillnessWindow`) and gravity lies within
/// 25° of the face's axis; anything else starts the hold of that face again.
public struct GuidedAccelerometer: GuidedProcedure, Sendable {
    /// Seconds each face is held still.
    public static let holdSeconds = 2.0
    /// cos 25°: the largest angle between gravity and the face's axis.
    static let alignment = 0.906

    /// True for the level procedure (one face, screen up, offset only).
    public let level: Bool
    /// The faces asked for, in order.
    public let faces: [AccelerometerFace]
    /// The faces taken so far, as poses for the calibrator.
    public var poses: [StillPose] { sequence.poses }
    public private(set) var isFinished = false
    public private(set) var rejectedSamples = 0
    private var window: StillnessWindow
    private var sequence: PoseSequence

    /// The six-face procedure, or with `level` the level one.
    public init(level: Bool = false, stillness: StillnessTest = StillnessTest()) {
        self.level = level
        faces = level ? [AccelerometerFace.all[0]] : AccelerometerFace.all
        window = StillnessWindow(test: stillness)
        sequence = PoseSequence(count: faces.count, faces: faces, holdSeconds: Self.holdSeconds)
    }

    public var task: GuidedTask {
        level ? .level(holdSeconds: Self.holdSeconds) : .faces(count: faces.count, holdSeconds: Self.holdSeconds)
    }

    public var shortfall: GuidedShortfall {
        .faceNotHeld(faces[min(poses.count, faces.count - 1)], done: poses.count, count: faces.count)
    }

    public mutating func add(_ sample: IMUSample) -> [GuidedEvent] {
        guard var events = sequence.begin(sample, finished: isFinished, rejected: &rejectedSamples) else { return [] }
        // 1. Stillness over the last half second, in the right orientation: accumulate the pose until it has been
        //    held long enough.
        let still = window.add(sample)
        let a = sample.accelerometer
        let norm = a.norm
        let aligned = norm > 0 && (a / norm).dot(faces[poses.count].axis) >= Self.alignment
        let refusal: ((GuidedPose) -> GuidedFeedback)? =
            !still ? { .moving($0) } : !aligned ? { .wrongOrientation($0) } : nil
        guard sequence.take(a, at: sample.t, refusal: refusal, into: &events) else { return events }
        // 2. All faces: the calibration.
        isFinished = true
        let level = self.level
        events.append(sequence.finish { poses throws(CalibrationError) in
            try level ? AccelerometerCalibrator.level(poses[0]) : AccelerometerCalibrator.sixPosition(poses)
        })
        return events
    }
}
