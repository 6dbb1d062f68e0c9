/// A value that belongs to one instant: what a pipeline's duration limit and update decimator measure.
public protocol Timestamped {
    /// Time of the measurement, s (kernel timestamp, monotonic clock or recording time; only differences matter).
    var timestamp: Double { get }
}
