/// What the detector sees the wearer doing (CMMotionActivity's stationary/walking/running, from steps alone).
public enum Activity: String, Sendable, Hashable, CaseIterable {
    /// No steps: standing, sitting, lying, or moving without steps (a vehicle, a device being handled).
    case still
    /// Steps at a cadence up to `StepDetector.Settings.runningCadence` (2.5 steps/s).
    case walking
    /// Steps faster than `StepDetector.Settings.runningCadence`.
    case running
}
