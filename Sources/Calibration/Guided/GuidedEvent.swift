/// What a guided procedure reports after a sample, for a front end to render.
public enum GuidedEvent: Sendable, Equatable {
    /// A pose is asked for (a face, or any new orientation): emitted with the first sample and as soon as the
    /// previous pose has been accepted.
    case prompt(GuidedPose)
    /// Feedback on the current step: `fraction` of its goal reached (0 while the step cannot progress; may exceed
    /// 1 on the sample that completes it) and why.
    case progress(fraction: Double, feedback: GuidedFeedback)
    /// The device moved after having been still for `afterStill` seconds: the still period starts again.
    case restarted(afterStill: Double)
    /// The pose has been held long enough and is taken.
    case poseAccepted(GuidedPose)
    /// The procedure is complete: its calibration section, with what it was computed from.
    case finished(GuidedResult)
    /// The estimator refused the data collected (too noisy, too few orientations, implausible): nothing to store.
    case refused(CalibrationError)
}
