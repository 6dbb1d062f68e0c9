/// A consumer made of a closure: for a one-off use of a pipeline (a calibration procedure, a test) where a type of
/// its own would say nothing more.
public struct ClosureConsumer<Update>: UpdateConsumer {
    private let take: (Update) throws -> ConsumerDemand
    private let flush: () throws -> Void

    /// `receive` takes each update; `idle` runs when the pipeline is about to wait and at the end.
    public init(receive: @escaping (Update) throws -> ConsumerDemand, idle: @escaping () throws -> Void = {}) {
        self.take = receive
        self.flush = idle
    }

    public func receive(_ update: Update) throws -> ConsumerDemand { try take(update) }

    public func idle() throws { try flush() }
}
