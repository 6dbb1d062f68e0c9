import Sensors

extension MotionSource {
    /// True when the source delivers `.pressure` readings when a capture asks for them: an IIO barometer, a
    /// recording's `pressure` column, a service's barometer, or the simulated sensors' building (which `info` leaves
    /// out, so that `available --source sim` and the commands that read no barometer do not list one). What the
    /// readers of altitude (`serve`, `publish`, `MotionManager`) ask.
    public var deliversPressure: Bool {
        info.hasBarometer || (self as? SimulatedMotionSource)?.hasBarometer == true
    }
}
