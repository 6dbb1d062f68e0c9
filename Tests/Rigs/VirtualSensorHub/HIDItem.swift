/// One short item of a HID report descriptor (HID 1.11, section 6.2.2.2).
///
/// A short item is a prefix byte — `tag << 4 | type << 2 | size code` — followed by 0, 1, 2 or 4 bytes of
/// little-endian data. Only the items a sensor hub needs are modelled; each case carries its value, and
/// ``bytes`` picks the shortest encoding that keeps the value's meaning (signed for logical limits and exponents).
public enum HIDItem: Equatable, Sendable {
    // Main items (type 0).
    /// Input main item with its flags (``HIDItem/MainFlags``).
    case input(MainFlags)
    /// Feature main item with its flags.
    case feature(MainFlags)
    /// Opens a collection of the given kind.
    case collection(CollectionKind)
    /// Closes the innermost open collection.
    case endCollection

    // Global items (type 1).
    /// Usage Page: the upper 16 bits of the following usages (0x20 = Sensors).
    case usagePage(UInt16)
    /// Logical Minimum, signed.
    case logicalMinimum(Int32)
    /// Logical Maximum, signed.
    case logicalMaximum(Int32)
    /// Unit Exponent as the HID 4-bit code (0x0E = −2, 0x0D = −3).
    case unitExponent(UInt8)
    /// Unit: 0 = none (the sensor's default unit), 0x15 = degrees per second, 0x01E1F000 = gauss (as the kernel reads them).
    case unit(UInt32)
    /// Report Size in bits of each field that follows.
    case reportSize(UInt8)
    /// Report ID prefixed to every report of the fields that follow.
    case reportID(UInt8)
    /// Report Count: the number of fields the next main item declares.
    case reportCount(UInt8)

    // Local items (type 2).
    /// Usage ID within the current usage page.
    case usage(UInt16)

    /// Data / Variable / Absolute flags of an Input, Output or Feature item (HID 1.11, 6.2.2.5).
    public struct MainFlags: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bit 0: constant (padding) rather than data.
        public static let constant = MainFlags(rawValue: 0x01)
        /// Bit 1: variable (one value per usage) rather than array (a selector index).
        public static let variable = MainFlags(rawValue: 0x02)
        /// Bit 2: relative rather than absolute.
        public static let relative = MainFlags(rawValue: 0x04)
        /// Data, Array, Absolute: a named-array selector (power state, reporting state).
        public static let dataArrayAbsolute: MainFlags = []
        /// Data, Variable, Absolute: an ordinary value.
        public static let dataVariableAbsolute: MainFlags = [.variable]
    }

    /// Collection kinds (HID 1.11, 6.2.2.6).
    public enum CollectionKind: UInt8, Sendable {
        case physical = 0x00
        case application = 0x01
        case logical = 0x02
    }

    /// Item type field of the prefix byte.
    enum ItemType: UInt8 {
        case main = 0, global = 1, local = 2
    }

    /// The item's tag and type, as in the prefix byte.
    var tagAndType: (tag: UInt8, type: ItemType) {
        switch self {
        case .input: (0x8, .main)
        case .feature: (0xB, .main)
        case .collection: (0xA, .main)
        case .endCollection: (0xC, .main)
        case .usagePage: (0x0, .global)
        case .logicalMinimum: (0x1, .global)
        case .logicalMaximum: (0x2, .global)
        case .unitExponent: (0x5, .global)
        case .unit: (0x6, .global)
        case .reportSize: (0x7, .global)
        case .reportID: (0x8, .global)
        case .reportCount: (0x9, .global)
        case .usage: (0x0, .local)
        }
    }

    /// The item's data bytes, little-endian, shortest encoding.
    var data: [UInt8] {
        switch self {
        case .input(let flags), .feature(let flags): [flags.rawValue]
        case .collection(let kind): [kind.rawValue]
        case .endCollection: []
        case .usagePage(let page): Self.unsigned(UInt32(page))
        case .logicalMinimum(let value), .logicalMaximum(let value): Self.signed(value)
        case .unitExponent(let code): [code]
        case .unit(let unit): Self.unsigned(unit)
        case .reportSize(let bits): [bits]
        case .reportID(let id): [id]
        case .reportCount(let count): [count]
        case .usage(let usage): Self.unsigned(UInt32(usage))
        }
    }

    /// The encoded item: prefix byte then data.
    public var bytes: [UInt8] {
        let data = self.data
        let sizeCode: UInt8 = switch data.count {
        case 0: 0
        case 1: 1
        case 2: 2
        default: 3
        }
        let (tag, type) = tagAndType
        return [tag << 4 | type.rawValue << 2 | sizeCode] + data
    }

    private static func unsigned(_ value: UInt32) -> [UInt8] {
        let count = value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : 4
        return (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }

    private static func signed(_ value: Int32) -> [UInt8] {
        let count = Int32(Int8.min)...Int32(Int8.max) ~= value ? 1
            : Int32(Int16.min)...Int32(Int16.max) ~= value ? 2 : 4
        let bits = UInt32(bitPattern: value)
        return (0..<count).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt32($0))) }
    }
}
