/// The quality flag of a detected beat.
public enum BeatQuality: String, Sendable, Hashable, CaseIterable {
    /// A clean pulse whose interval agrees with the tracked rhythm: the beat carries a heart rate.
    case good
    /// A clean pulse, but its interval does not agree with the rhythm (an ectopic beat, a pause, a missed pulse) or
    /// the rhythm is not known yet (the first beats, or after an artefact): no heart rate.
    case irregular
    /// The pulse is not trustworthy: inside or next to an artefact, a flat line or saturation, an upstroke far off the
    /// usual one, or a shape that does not match the learnt pulse. No heart rate.
    case poor
}
