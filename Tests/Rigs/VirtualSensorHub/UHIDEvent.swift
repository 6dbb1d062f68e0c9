/// The `struct uhid_event` ABI of `/dev/uhid` (include/uapi/linux/uhid.h), laid out by hand: a packed
/// `__u32 type` followed by a packed union of requests. Writes may be shorter than the struct (the kernel zero-fills);
/// reads return one whole event.
public enum UHIDEvent {
    /// Event types (`enum uhid_event_type`).
    public enum EventType: UInt32, Sendable {
        case destroy = 1
        case start = 2
        case stop = 3
        case open = 4
        case close = 5
        case output = 6
        case getReport = 9
        case getReportReply = 10
        case create2 = 11
        case input2 = 12
        case setReport = 13
        case setReportReply = 14
    }

    /// Report types of GET_REPORT / SET_REPORT (`enum uhid_report_type`).
    public enum ReportType: UInt8, Sendable {
        case feature = 0
        case output = 1
        case input = 2
    }

    /// `UHID_DATA_MAX` and `HID_MAX_DESCRIPTOR_SIZE`.
    public static let dataMax = 4096
    /// `sizeof(struct uhid_create2_req)`: name[128] phys[64] uniq[64] rd_size bus vendor product version country
    /// rd_data[4096].
    public static let create2RequestSize = 128 + 64 + 64 + 2 + 2 + 4 + 4 + 4 + 4 + dataMax
    /// `sizeof(struct uhid_event)`: the packed type, then the union. The union itself is not packed and holds the
    /// legacy `uhid_create_req` with a pointer, so its 4372-byte largest member (`uhid_create2_req`) is padded to a
    /// multiple of 8: 4 + 4376 = 4380 (checked against the C header with `sizeof`).
    public static let size = 4 + (create2RequestSize + 7) / 8 * 8

    /// Offsets within the event (type at 0, the union at 4).
    public enum Offset {
        public static let type = 0
        public static let payload = 4
        // uhid_create2_req
        public static let createName = 4
        public static let createPhys = 4 + 128
        public static let createUniq = 4 + 192
        public static let createDescriptorSize = 4 + 256
        public static let createBus = 4 + 258
        public static let createVendor = 4 + 260
        public static let createProduct = 4 + 264
        public static let createVersion = 4 + 268
        public static let createCountry = 4 + 272
        public static let createDescriptor = 4 + 276
        // uhid_input2_req
        public static let inputSize = 4
        public static let inputData = 6
        // uhid_get_report_req / uhid_set_report_req
        public static let requestID = 4
        public static let requestReportNumber = 8
        public static let requestReportType = 9
        public static let setReportSize = 10
        public static let setReportData = 12
        // uhid_get_report_reply_req / uhid_set_report_reply_req
        public static let replyID = 4
        public static let replyError = 8
        public static let getReplySize = 10
        public static let getReplyData = 12
    }

    /// `BUS_VIRTUAL` from linux/input.h.
    public static let busVirtual: UInt16 = 0x06

    /// A `UHID_CREATE2` event.
    public static func create2(
        name: String, descriptor: [UInt8], bus: UInt16 = busVirtual, vendor: UInt32, product: UInt32
    ) -> [UInt8] {
        var event = header(.create2, length: Offset.createDescriptor + descriptor.count)
        event.replace(at: Offset.createName, with: Array(name.utf8.prefix(127)))
        event.replace(at: Offset.createDescriptorSize, with: littleEndian(UInt32(descriptor.count), bytes: 2))
        event.replace(at: Offset.createBus, with: littleEndian(UInt32(bus), bytes: 2))
        event.replace(at: Offset.createVendor, with: littleEndian(vendor, bytes: 4))
        event.replace(at: Offset.createProduct, with: littleEndian(product, bytes: 4))
        event.replace(at: Offset.createDescriptor, with: descriptor)
        return event
    }

    /// A `UHID_INPUT2` event carrying one input report.
    public static func input2(_ report: [UInt8]) -> [UInt8] {
        var event = header(.input2, length: Offset.inputData + report.count)
        event.replace(at: Offset.inputSize, with: littleEndian(UInt32(report.count), bytes: 2))
        event.replace(at: Offset.inputData, with: report)
        return event
    }

    /// A `UHID_GET_REPORT_REPLY`: `error` 0 with the report, or an errno with no data.
    public static func getReportReply(id: UInt32, error: UInt16 = 0, report: [UInt8]) -> [UInt8] {
        var event = header(.getReportReply, length: Offset.getReplyData + report.count)
        event.replace(at: Offset.replyID, with: littleEndian(id, bytes: 4))
        event.replace(at: Offset.replyError, with: littleEndian(UInt32(error), bytes: 2))
        event.replace(at: Offset.getReplySize, with: littleEndian(UInt32(report.count), bytes: 2))
        event.replace(at: Offset.getReplyData, with: report)
        return event
    }

    /// A `UHID_SET_REPORT_REPLY`.
    public static func setReportReply(id: UInt32, error: UInt16 = 0) -> [UInt8] {
        var event = header(.setReportReply, length: Offset.replyError + 2)
        event.replace(at: Offset.replyID, with: littleEndian(id, bytes: 4))
        event.replace(at: Offset.replyError, with: littleEndian(UInt32(error), bytes: 2))
        return event
    }

    /// A `UHID_DESTROY`.
    public static func destroy() -> [UInt8] {
        header(.destroy, length: 4)
    }

    private static func header(_ type: EventType, length: Int) -> [UInt8] {
        var event = [UInt8](repeating: 0, count: length)
        event.replace(at: Offset.type, with: littleEndian(type.rawValue, bytes: 4))
        return event
    }

    /// An event read from the kernel.
    public enum Received: Equatable, Sendable {
        case start, stop, open, close
        case getReport(id: UInt32, reportNumber: UInt8, type: ReportType)
        case setReport(id: UInt32, reportNumber: UInt8, type: ReportType, data: [UInt8])
        case output
        /// Anything else (and unknown types): ignored.
        case other(UInt32)

        /// Decodes an event; nil when shorter than its header.
        public init?(_ bytes: [UInt8]) {
            guard bytes.count >= 4 else { return nil }
            let type = bytes.uint32(at: Offset.type)
            switch EventType(rawValue: type) {
            case .start: self = .start
            case .stop: self = .stop
            case .open: self = .open
            case .close: self = .close
            case .output: self = .output
            case .getReport:
                guard bytes.count >= 10 else { return nil }
                self = .getReport(
                    id: bytes.uint32(at: Offset.requestID), reportNumber: bytes[Offset.requestReportNumber],
                    type: ReportType(rawValue: bytes[Offset.requestReportType]) ?? .feature)
            case .setReport:
                guard bytes.count >= Offset.setReportData else { return nil }
                let size = Int(bytes[Offset.setReportSize]) | Int(bytes[Offset.setReportSize + 1]) << 8
                let end = min(bytes.count, Offset.setReportData + size)
                self = .setReport(
                    id: bytes.uint32(at: Offset.requestID), reportNumber: bytes[Offset.requestReportNumber],
                    type: ReportType(rawValue: bytes[Offset.requestReportType]) ?? .feature,
                    data: Array(bytes[Offset.setReportData..<end]))
            default: self = .other(type)
            }
        }
    }
}
