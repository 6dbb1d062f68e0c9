/// The feature report of one hub sensor: the properties the driver reads with GET_REPORT and writes with SET_REPORT.
///
/// Field order and sizes follow ``HubSensor/appendCollection(to:)``: Reporting State (8 bits), Power State
/// (8 bits), Report Interval (32 bits, ms), Change Sensitivity Absolute (16 bits, data units).
public struct SensorProperties: Equatable, Sendable {
    /// Reporting State as the kernel writes it: selector index + logical minimum 1 (1 = no events, 2 = all events).
    public var reportingState: UInt8 = 1
    /// Power State as the kernel writes it: 2 = D0 full power … 6 = D4 power off.
    public var powerState: UInt8 = 6
    /// Report interval, ms (the driver's `sampling_frequency` = 1000 / interval).
    public var reportIntervalMilliseconds: UInt32 = 10
    /// Change sensitivity, data LSBs (the driver's `hysteresis`).
    public var sensitivity: UInt16 = 0

    /// Byte length of the report including its report ID.
    public static let reportLength = 1 + 1 + 1 + 4 + 2

    public init() {}

    /// True when the driver has powered the sensor and asked for all events: only then are input reports sent.
    public var isStreaming: Bool {
        powerState == 2 && (reportingState == 2 || reportingState == 5)
    }

    /// The feature report with `reportID` first.
    public func encoded(reportID: UInt8) -> [UInt8] {
        [reportID, reportingState, powerState] + littleEndian(reportIntervalMilliseconds, bytes: 4)
            + littleEndian(UInt32(sensitivity), bytes: 2)
    }

    /// Properties from a SET_REPORT payload (report ID first, as the kernel sends it). Nil when too short.
    public init?(decoding data: [UInt8]) {
        guard data.count >= Self.reportLength else { return nil }
        reportingState = data[1]
        powerState = data[2]
        reportIntervalMilliseconds = UInt32(data[3]) | UInt32(data[4]) << 8 | UInt32(data[5]) << 16
            | UInt32(data[6]) << 24
        sensitivity = UInt16(data[7]) | UInt16(data[8]) << 8
    }
}
