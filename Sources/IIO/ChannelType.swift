/// What a channel measures, as libiio classifies it from the channel id (`accel_x` → ``accel``).
///
/// A `RawRepresentable` over libiio's `enum iio_chan_type`, so types this module has no name for still round-trip.
public struct ChannelType: RawRepresentable, Hashable, Sendable {
    /// libiio's `enum iio_chan_type` value.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `IIO_VOLTAGE` (`voltage`).
    public static let voltage = ChannelType(rawValue: 0)
    /// `IIO_ACCEL` (`accel`): acceleration, m/s² after scale.
    public static let accel = ChannelType(rawValue: 3)
    /// `IIO_ANGL_VEL` (`anglvel`): angular velocity, rad/s after scale.
    public static let anglVel = ChannelType(rawValue: 4)
    /// `IIO_MAGN` (`magn`): magnetic field, Gauss after scale.
    public static let magn = ChannelType(rawValue: 5)
    /// `IIO_TEMP` (`temp`): temperature, milli °C after scale.
    public static let temp = ChannelType(rawValue: 9)
    /// `IIO_INCLI` (`incli`): inclination.
    public static let incli = ChannelType(rawValue: 10)
    /// `IIO_ROT` (`rot`): rotation (e.g. HID device rotation quaternion).
    public static let rot = ChannelType(rawValue: 11)
    /// `IIO_TIMESTAMP` (`timestamp`): kernel timestamp, ns.
    public static let timestamp = ChannelType(rawValue: 13)
    /// `IIO_CHAN_TYPE_UNKNOWN`: libiio could not classify the id.
    public static let unknown = ChannelType(rawValue: Int32.max)

    /// The sysfs prefix for the known types (`accel`, `anglvel`, `magn`, …), or nil.
    public var sysfsPrefix: String? {
        switch self {
        case .voltage: "voltage"
        case .accel: "accel"
        case .anglVel: "anglvel"
        case .magn: "magn"
        case .temp: "temp"
        case .incli: "incli"
        case .rot: "rot"
        case .timestamp: "timestamp"
        default: nil
        }
    }
}

extension ChannelType: CustomStringConvertible {
    public var description: String { sysfsPrefix ?? "type\(rawValue)" }
}
