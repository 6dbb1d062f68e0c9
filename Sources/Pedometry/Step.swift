/// One step found in an accelerometer signal.
public struct Step: Sendable, Hashable {
    /// When the step happened, s, on the samples' clock: the peak of the band-passed acceleration magnitude that the
    /// foot's impact causes (it lags the heel strike by the 5 Hz low-pass, about 0.05 s). A step is reported after
    /// this time (see `StepDetector`'s latency), but carries its own time.
    public var t: Double
    /// The running count including this step.
    public var count: Int
    /// The cadence at this step, steps/min.
    public var cadence: Double
    /// Walking or running (by cadence).
    public var activity: Activity

    /// A step with the given fields (units as documented on the properties).
    public init(t: Double, count: Int, cadence: Double, activity: Activity) {
        self.t = t
        self.count = count
        self.cadence = cadence
        self.activity = activity
    }
}
