import Pulse

/// A PPG sample belongs to its `time`: what a pipeline's duration limit measures.
extension PPGSample: Timestamped {
    public var timestamp: Double { time }
}
