/// What the simulated sensor sees at a sample: the ground truth for signal-quality tests.
public enum SignalCondition: String, Sendable, Hashable, CaseIterable {
    /// The pulse with breathing, drift and sensor noise only.
    case clean
    /// A motion-artefact burst is added to the pulse.
    case motion
    /// The finger is off the sensor: ambient light and noise, no pulse.
    case fingerOff
    /// The sensor saturates: the signal is amplified beyond full scale and clipped.
    case saturated
}
