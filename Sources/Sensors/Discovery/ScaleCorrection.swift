/// A factor applied to a driver's scale so that raw counts convert to the IIO ABI's unit (m/s², rad/s, Gauss), for a
/// driver that reports its scale in another unit, and where the factor came from.
public struct ScaleCorrection: Sendable, Hashable {
    /// Where a correction came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// BodyReadings' table of drivers that break the ABI (``DriverQuirks``).
        case driverTable = "driver-table"
        /// The udev property `BODYREADINGS_<TYPE>_SCALE_FACTOR` (a hwdb entry or a rule), which wins over the table.
        case udev
    }

    /// What the driver's scale is multiplied by.
    public var factor: Double
    /// Where ``factor`` came from.
    public var source: Source
    /// One sentence: what the driver reports and what the factor makes of it.
    public var reason: String

    public init(factor: Double, source: Source, reason: String) {
        self.factor = factor
        self.source = source
        self.reason = reason
    }
}
