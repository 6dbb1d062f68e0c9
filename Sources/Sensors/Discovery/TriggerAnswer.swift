/// The answer to "what is the device's trigger".
struct TriggerAnswer {
    /// The current trigger, nil for none or unknown.
    var name: String?
    /// False when the context cannot tell (`xml:`).
    var known: Bool
}
