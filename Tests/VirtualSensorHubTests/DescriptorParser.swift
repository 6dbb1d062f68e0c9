@testable import VirtualSensorHub

/// A small HID report-descriptor parser (HID 1.11, 6.2.2), independent of the builder, so the tests read the bytes
/// back the way the kernel's hid-core would: global state, local usages, collections, and one field per main item.
struct ParsedDescriptor {
    struct Collection: Equatable {
        var kind: UInt8
        var usage: UInt32
    }

    struct Field {
        var kind: String  // "input" or "feature"
        var reportID: UInt8
        var reportSize: Int
        var reportCount: Int
        var usages: [UInt32]
        var logicalMinimum: Int64
        var logicalMaximum: Int64
        var unit: UInt32
        var unitExponent: UInt32
        var flags: UInt8
        /// Outermost first.
        var collections: [Collection]
    }

    var fields: [Field] = []
    var collections: [Collection] = []
    var balanced = true

    init(_ bytes: [UInt8]) throws {
        var usagePage: UInt32 = 0
        var logicalMinimum: Int64 = 0
        var logicalMaximum: Int64 = 0
        var reportSize = 0
        var reportCount = 0
        var reportID: UInt8 = 0
        var unit: UInt32 = 0
        var unitExponent: UInt32 = 0
        var usages: [UInt32] = []
        var stack: [Collection] = []

        var index = 0
        while index < bytes.count {
            let prefix = bytes[index]
            let size = [0, 1, 2, 4][Int(prefix & 0x3)]
            guard index + 1 + size <= bytes.count else { throw ParseError.truncated(at: index) }
            let data = Array(bytes[(index + 1)..<(index + 1 + size)])
            index += 1 + size
            var unsigned: UInt32 = 0
            for (shift, byte) in data.enumerated() { unsigned |= UInt32(byte) << (8 * UInt32(shift)) }
            let signed: Int64 = switch size {
            case 1: Int64(Int8(bitPattern: data[0]))
            case 2: Int64(Int16(bitPattern: UInt16(unsigned)))
            case 4: Int64(Int32(bitPattern: unsigned))
            default: 0
            }
            let tag = prefix >> 4
            switch (prefix >> 2) & 0x3 {
            case 0:  // main
                switch tag {
                case 0x8, 0xB:
                    fields.append(Field(
                        kind: tag == 0x8 ? "input" : "feature", reportID: reportID, reportSize: reportSize,
                        reportCount: reportCount, usages: usages, logicalMinimum: logicalMinimum,
                        logicalMaximum: logicalMaximum, unit: unit, unitExponent: unitExponent,
                        flags: data.first ?? 0, collections: stack))
                case 0xA:
                    let collection = Collection(kind: data.first ?? 0, usage: usages.first ?? 0)
                    stack.append(collection)
                    collections.append(collection)
                case 0xC:
                    if stack.popLast() == nil { balanced = false }
                default:
                    throw ParseError.unexpectedItem(prefix)
                }
                usages = []
            case 1:  // global
                switch tag {
                case 0x0: usagePage = unsigned
                case 0x1: logicalMinimum = signed
                case 0x2: logicalMaximum = signed
                case 0x5: unitExponent = unsigned
                case 0x6: unit = unsigned
                case 0x7: reportSize = Int(unsigned)
                case 0x8: reportID = UInt8(unsigned)
                case 0x9: reportCount = Int(unsigned)
                default: throw ParseError.unexpectedItem(prefix)
                }
            case 2:  // local
                guard tag == 0 else { throw ParseError.unexpectedItem(prefix) }
                usages.append(size == 4 ? unsigned : usagePage << 16 | unsigned)
            default:
                throw ParseError.unexpectedItem(prefix)
            }
        }
        if !stack.isEmpty { balanced = false }
    }

    enum ParseError: Error {
        case truncated(at: Int)
        case unexpectedItem(UInt8)
    }

    /// Bits of a report (without the report ID byte).
    func reportBits(id: UInt8, kind: String) -> Int {
        fields.filter { $0.reportID == id && $0.kind == kind }.reduce(0) { $0 + $1.reportSize * $1.reportCount }
    }
}
