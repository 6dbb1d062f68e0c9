/// The end of a pipeline: writes updates to a file or stdout, draws them, or fans them out to subscribers
/// (`UpdateFanOut`). Receives only the updates the pipeline's decimator let through, on the pipeline's thread.
///
/// A consumer whose reader went away (a closed pipe) throws `OutputClosed`: the run then ends normally with
/// `PipelineEnding.outputClosed`. Any other error ends the run and is rethrown by `Pipeline.run`.
public protocol UpdateConsumer<Update> {
    /// What the consumer takes.
    associatedtype Update

    /// Takes one update; answers whether it wants more.
    mutating func receive(_ update: Update) throws -> ConsumerDemand

    /// No further element is ready (the pipeline is about to wait), and once more when the run ends: make what was
    /// received visible (flush buffered output).
    mutating func idle() throws
}
