/// What a consumer answers to an update: keep them coming, or end the run (`PipelineEnding.finished`).
public enum ConsumerDemand: Sendable, Equatable {
    /// Deliver further updates.
    case more
    /// Enough: end the run now (e.g. a calibration procedure has what it needs).
    case enough
}
