/// A periodic write of a ``ReadingsRecorder`` that failed: the store's error, with what the recorder holds for the
/// next try and what it lost so far (readings: heart-rate samples, beats and per-minute rows).
public struct FlushFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the write failed.
    public var error: StoreError
    /// Readings held for the next try (bounded: ``ReadingsRecorder/Settings``).
    public var held: Int
    /// Readings dropped so far because the store could not be written.
    public var lost: Int

    public init(error: StoreError, held: Int, lost: Int) {
        self.error = error
        self.held = held
        self.lost = lost
    }

    /// One line, e.g. `cannot read or write FILE: disk full; 1234 readings held for the next try, 0 lost`.
    public var description: String {
        "\(error); \(held) readings held for the next try, \(lost) lost"
    }
}
