/// Thrown by an `UpdateConsumer` whose reader went away (EPIPE on stdout, a client that disconnected): the pipeline
/// then stops the source and ends with `PipelineEnding.outputClosed` instead of failing.
public struct OutputClosed: Error, Sendable, Equatable {
    public init() {}
}
