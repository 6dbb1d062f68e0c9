/// The processor that hands every element on unchanged: `record` and `stream --raw` write the calibrated samples
/// themselves.
public struct Passthrough<Value>: ReadingProcessor {
    public init() {}

    @inlinable
    public mutating func process(_ input: Value, emit: (Value) throws -> Void) rethrows {
        try emit(input)
    }
}
