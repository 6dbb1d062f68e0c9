/// A pipeline stage that turns input elements into updates: the attitude filter (IMU samples → motion estimates),
/// the step detector (`StepProcessor`: samples → steps) and the beat detector (`HeartRateProcessor`: PPG samples →
/// beats). Called on the pipeline's thread only, once per element, in time order.
///
/// A processor may emit zero, one or several updates per element, each with its own timestamp. Implement `process`
/// `@inlinable` when it is cheap: the pipeline's loop is specialised for the concrete processor and can then inline
/// it (`fuse` runs ≈ 600,000 samples/s through this call).
public protocol ReadingProcessor {
    /// What the processor consumes.
    associatedtype Input
    /// What it emits.
    associatedtype Output

    /// Takes one element and hands every update it completes to `emit`.
    mutating func process(_ input: Input, emit: (Output) throws -> Void) rethrows

    /// The input ended: hand over whatever is still pending (e.g. a step that only a later sample would confirm).
    /// Default: nothing.
    mutating func finish(emit: (Output) throws -> Void) rethrows
}

extension ReadingProcessor {
    @inlinable
    public mutating func finish(emit: (Output) throws -> Void) rethrows {}
}
