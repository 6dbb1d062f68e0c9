import MotionMath

/// The still poses an accelerometer procedure takes one after another (`GuidedAccelerometer`, `GuidedFreePoses`):
/// the hold of the current pose, the poses taken, and the events of holding, accepting and asking for the next.
struct PoseSequence: Sendable {
    /// How many poses the procedure takes.
    let count: Int
    /// The face of each pose, or nil for any orientation (free poses).
    let faces: [AccelerometerFace]?
    /// Seconds each pose is held still.
    let holdSeconds: Double
    /// The poses taken so far, as the calibrators take them.
    private(set) var poses: [StillPose] = []
    private var hold = HeldPose()
    private var prompted = false

    init(count: Int, faces: [AccelerometerFace]?, holdSeconds: Double) {
        self.count = count
        self.faces = faces
        self.holdSeconds = holdSeconds
    }

    /// The pose asked for now.
    var current: GuidedPose {
        GuidedPose(number: poses.count + 1, count: count, face: faces.map { $0[min(poses.count, $0.count - 1)] })
    }

    /// The events a sample of the procedure begins with — the prompt for the first pose, with the first sample — or
    /// nil when the sample is not used: the procedure has `finished`, or the sample is outside `SampleBounds`
    /// (counted in `rejected`).
    mutating func begin(_ sample: IMUSample, finished: Bool, rejected: inout Int) -> [GuidedEvent]? {
        guard !finished else { return nil }
        guard SampleBounds.accepts(sample) else {
            rejected += 1
            return nil
        }
        guard !prompted else { return [] }
        prompted = true
        return [.prompt(current)]
    }

    /// The sample does not count towards the pose (`feedback` says why): its hold starts again.
    mutating func interrupt(_ feedback: GuidedFeedback, into events: inout [GuidedEvent]) {
        hold = HeldPose()
        events.append(.progress(fraction: 0, feedback: feedback))
    }

    /// The sample holds the current pose with accelerometer reading `accelerometer` at `t`: progress, and once held
    /// `holdSeconds` the pose is accepted and the next one asked for. True when the last pose has been taken.
    mutating func hold(_ accelerometer: Vector3, at t: Double, into events: inout [GuidedEvent]) -> Bool {
        let fraction = hold.add(accelerometer, at: t, holdSeconds: holdSeconds)
        events.append(.progress(fraction: fraction, feedback: .still(current)))
        guard fraction >= 1 else { return false }
        events.append(.poseAccepted(current))
        poses.append(hold.stillPose)
        hold = HeldPose()
        guard poses.count == count else {
            events.append(.prompt(current))
            return false
        }
        return true
    }

    /// One sample of the procedure: without a `refusal` it holds the current pose; with one (the feedback for the
    /// pose asked for: not still, not in a pose the procedure takes) the hold starts again. True when the last pose
    /// has been taken.
    mutating func take(
        _ accelerometer: Vector3, at t: Double, refusal: ((GuidedPose) -> GuidedFeedback)?,
        into events: inout [GuidedEvent]
    ) -> Bool {
        if let refusal {
            interrupt(refusal(current), into: &events)
            return false
        }
        return hold(accelerometer, at: t, into: &events)
    }

    /// The procedure's last event once every pose is taken: the calibration `fit` makes of the poses, or why it
    /// refused.
    func finish(_ fit: ([StillPose]) throws(CalibrationError) -> AccelerometerCalibration) -> GuidedEvent {
        do {
            return .finished(.accelerometer(try fit(poses), poses: poses.count))
        } catch {
            return .refused(error)
        }
    }
}
