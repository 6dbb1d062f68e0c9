import MotionSimulation

/// A trajectory held at its start (at rest, no steps) for `leadIn` seconds, then played. The server's clock runs from
/// its creation, so a test that must see a capture catch something from its beginning (the demo walk's first step)
/// serves this: the capture has `leadIn` / `rateScale` seconds of wall time to start, however slow a loaded machine
/// makes the start.
public struct LeadInTrajectory: Trajectory {
    /// The trajectory played after the lead-in.
    public let inner: any Trajectory
    /// Seconds of rest before `inner` begins, s.
    public let leadIn: Double

    /// `inner` (default: the demo scene the server serves by default) after `leadIn` seconds of rest.
    public init(_ inner: any Trajectory = ScriptedTrajectory.demo, leadIn: Double) {
        self.inner = inner
        self.leadIn = leadIn
    }

    public func truth(at t: Double) -> MotionTruth {
        var truth = inner.truth(at: max(0, t - leadIn))
        truth.t = t
        return truth
    }

    public func steps(from start: Double, to end: Double) -> [Double] {
        guard end > leadIn else { return [] }
        return inner.steps(from: max(0, start - leadIn), to: end - leadIn).map { $0 + leadIn }
    }
}
