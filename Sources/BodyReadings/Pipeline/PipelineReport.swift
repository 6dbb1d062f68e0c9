import Sensors

/// How a pipeline run went.
public struct PipelineReport: Sendable, Equatable {
    /// Why it ended.
    public var ending: PipelineEnding
    /// What the input lost (overruns, dropped readings), read after the input stopped.
    public var statistics: CaptureStatistics
    /// Elements read from the input (before the duration limit stopped the run).
    public var elements: Int
    /// Updates delivered to the consumer.
    public var updates: Int

    public init(ending: PipelineEnding, statistics: CaptureStatistics, elements: Int, updates: Int) {
        self.ending = ending
        self.statistics = statistics
        self.elements = elements
        self.updates = updates
    }
}
