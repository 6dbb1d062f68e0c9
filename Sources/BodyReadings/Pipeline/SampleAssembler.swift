import Sensors

/// Turns a source's readings into the elements a processor consumes: `SampleMerger` pairs accelerometer,
/// gyroscope and magnetometer readings into `IMUSample`s. A further reading kind (PPG intensities, a hardware step
/// count) gets an assembler of its own that picks its kind from the same readings.
public protocol SampleAssembler {
    /// What the assembler produces.
    associatedtype Sample: Timestamped

    /// Takes one reading (of any kind; kinds it does not use are ignored) and appends the samples it completed.
    mutating func push(_ reading: SensorReading, into output: inout [Sample])

    /// The readings ended: appends every sample that can still be formed.
    mutating func flush(into output: inout [Sample])

    /// Readings the assembler had to drop (out of time order, overflow).
    var droppedReadings: Int { get }
}
