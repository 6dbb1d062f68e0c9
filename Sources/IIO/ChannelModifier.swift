/// The axis or variant of a channel (`accel_x` → ``x``), as libiio parses it from the channel id.
///
/// A `RawRepresentable` over libiio's `enum iio_modifier`.
public struct ChannelModifier: RawRepresentable, Hashable, Sendable {
    /// libiio's `enum iio_modifier` value.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `IIO_NO_MOD`: no modifier (`temp`, `timestamp`).
    public static let none = ChannelModifier(rawValue: 0)
    /// `IIO_MOD_X`.
    public static let x = ChannelModifier(rawValue: 1)
    /// `IIO_MOD_Y`.
    public static let y = ChannelModifier(rawValue: 2)
    /// `IIO_MOD_Z`.
    public static let z = ChannelModifier(rawValue: 3)

    /// The axis index 0, 1, 2 for ``x``, ``y``, ``z``; nil otherwise.
    public var axisIndex: Int? {
        switch self {
        case .x: 0
        case .y: 1
        case .z: 2
        default: nil
        }
    }
}

extension ChannelModifier: CustomStringConvertible {
    public var description: String {
        switch self {
        case .none: "none"
        case .x: "x"
        case .y: "y"
        case .z: "z"
        default: "modifier\(rawValue)"
        }
    }
}
