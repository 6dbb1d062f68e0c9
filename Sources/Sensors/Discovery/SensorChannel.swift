import IIO

/// One channel of a discovered sensor: an axis (`accel_x`) or the timestamp.
public struct SensorChannel: Sendable, Hashable {
    /// The IIO channel id, `accel_x` or `timestamp`.
    public var id: String
    /// The scan index (order in a buffer sample), or nil when the channel is not a scan element.
    public var scanIndex: Int?
    /// The buffer storage format (`le:s16/16>>0`), or nil when the channel is not a scan element.
    public var format: ScanFormat?

    public init(id: String, scanIndex: Int?, format: ScanFormat?) {
        self.id = id
        self.scanIndex = scanIndex
        self.format = format
    }
}
