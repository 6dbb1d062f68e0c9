import MotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Accelerometer offset and symmetric matrix without faces: `needed` still poses in any orientations at least 20°
/// apart, each held for `GuidedAccelerometer.holdSeconds`, then the ellipsoid fit.
public struct GuidedFreePoses: GuidedProcedure, Sendable {
    /// Poses needed.
    public static let needed = 12
    /// cos 20°: a pose closer than this to one already taken is not new.
    static let separation = cos(20 * Double.pi / 180)

    /// The poses taken so far.
    public var poses: [StillPose] { sequence.poses }
    public private(set) var isFinished = false
    public private(set) var rejectedSamples = 0
    private var window: StillnessWindow
    private var sequence = PoseSequence(count: needed, faces: nil, holdSeconds: GuidedAccelerometer.holdSeconds)

    /// The procedure, with `stillness` (default: the segmenter's).
    public init(stillness: StillnessTest = StillnessTest()) {
        window = StillnessWindow(test: stillness)
    }

    public var task: GuidedTask { .freePoses(count: Self.needed, holdSeconds: GuidedAccelerometer.holdSeconds) }

    public var shortfall: GuidedShortfall { .tooFewPoses(found: poses.count, needed: Self.needed) }

    public mutating func add(_ sample: IMUSample) -> [GuidedEvent] {
        guard var events = sequence.begin(sample, finished: isFinished, rejected: &rejectedSamples) else { return [] }
        // 1. Still, and at least 20° from every pose taken: accumulate the pose until it has been held long enough.
        let a = sample.accelerometer
        let norm = a.norm
        let new = norm > 0 && poses.allSatisfy { pose in
            let p = pose.accelerometer
            return (p.dot(a) / (p.norm * norm)) < Self.separation
        }
        let still = window.add(sample)
        // A pose already taken is the wrong orientation, whether or not the device is still.
        let refusal: ((GuidedPose) -> GuidedFeedback)? =
            !new ? { .wrongOrientation($0) } : !still ? { .moving($0) } : nil
        guard sequence.take(a, at: sample.t, refusal: refusal, into: &events) else { return events }
        // 2. All poses: the ellipsoid fit.
        isFinished = true
        events.append(
            sequence.finish { poses throws(CalibrationError) in try AccelerometerCalibrator.ellipsoid(poses) })
        return events
    }
}
