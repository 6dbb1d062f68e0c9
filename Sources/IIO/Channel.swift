import CIIO

/// One channel of a device: `accel_x`, `anglvel_z`, `magn_y`, `timestamp`, `temp`.
///
/// Keeps its ``Device`` (and so the ``Context``) alive; confined to the context's thread or actor. Attribute calls
/// block; everything else is answered from memory.
///
/// The corresponding C type is `struct iio_channel`.
public struct Channel {
    let pointer: OpaquePointer
    /// The device the channel belongs to.
    public let device: Device

    init(pointer: OpaquePointer, device: Device) {
        self.pointer = pointer
        self.device = device
    }

    /// The channel id (`accel_x`, `timestamp`, `voltage0`).
    ///
    /// The corresponding C function is `iio_channel_get_id`.
    public var id: String { optionalString(iio_channel_get_id(pointer)) ?? "" }

    /// The extended name, when the driver gives one, or nil.
    ///
    /// The corresponding C function is `iio_channel_get_name`.
    public var name: String? { optionalString(iio_channel_get_name(pointer)) }

    /// True for an output channel (`out_…`).
    ///
    /// The corresponding C function is `iio_channel_is_output`.
    public var isOutput: Bool { iio_channel_is_output(pointer) }

    /// True when the channel can be captured in a buffer (it has a `scan_elements` entry).
    ///
    /// The corresponding C function is `iio_channel_is_scan_element`.
    public var isScanElement: Bool { iio_channel_is_scan_element(pointer) }

    /// What the channel measures.
    ///
    /// The corresponding C function is `iio_channel_get_type`.
    public var type: ChannelType { ChannelType(rawValue: Int32(bitPattern: iio_channel_get_type(pointer).rawValue)) }

    /// The channel's axis or variant.
    ///
    /// The corresponding C function is `iio_channel_get_modifier`.
    public var modifier: ChannelModifier {
        ChannelModifier(rawValue: Int32(bitPattern: iio_channel_get_modifier(pointer).rawValue))
    }

    /// The scan index (position in a buffer sample, ordering the channels), or nil for channels without one.
    ///
    /// The corresponding C function is `iio_channel_get_index`.
    public var scanIndex: Int? {
        let index = iio_channel_get_index(pointer)
        return index < 0 ? nil : index
    }

    /// The buffer storage format, or nil for channels that are not scan elements. libiio marks a format fully
    /// defined (`S`/`U`) also when `bits == storageBits`, so `le:s16/16>>0` in sysfs reads back as `le:S16/16>>0`.
    ///
    /// Taken from libiio's parsed `struct iio_data_format` (its `scale` float is ignored: read the `scale`
    /// attribute as a double instead).
    ///
    /// The corresponding C function is `iio_channel_get_data_format`.
    public var scanFormat: ScanFormat? {
        guard isScanElement, let format = iio_channel_get_data_format(pointer)?.pointee, format.length > 0 else {
            return nil
        }
        return ScanFormat(
            isBigEndian: format.is_be, isSigned: format.is_signed, isFullyDefined: format.is_fully_defined,
            bits: Int(format.bits), storageBits: Int(format.length), shift: Int(format.shift),
            repeatCount: max(1, Int(format.repeat)))
    }

    /// The channel's attribute names without the channel prefix (`raw`, `scale`, `offset`, `calibbias`), in
    /// libiio's order. Shared attributes (`in_accel_scale`) appear on every channel they apply to.
    ///
    /// The corresponding C functions are `iio_channel_get_attrs_count` and `iio_channel_get_attr`.
    public var attributes: [String] {
        (0..<iio_channel_get_attrs_count(pointer)).compactMap { optionalString(iio_channel_get_attr(pointer, $0)) }
    }

    /// True when the channel has the attribute (no I/O).
    public func hasAttribute(_ name: String) -> Bool { iio_channel_find_attr(pointer, name) != nil }

    /// The sysfs file name behind a channel attribute (`in_accel_scale` for `scale` when it is shared,
    /// `in_accel_x_scale` when per-axis), or nil when the channel has no such attribute.
    ///
    /// The corresponding C function is `iio_channel_attr_get_filename`.
    public func attributeFilename(_ name: String) -> String? {
        optionalString(iio_channel_attr_get_filename(pointer, name))
    }

    /// Reads a channel attribute's text. Blocks.
    ///
    /// - Throws: ``IIOError`` naming device and `channel/attribute`; see ``Device/readAttribute(_:_:)``.
    ///
    /// The corresponding C function is `iio_channel_attr_read`.
    public func readAttribute(_ name: String) throws(IIOError) -> String {
        try readText("iio_channel_attr_read", subject(name)) { iio_channel_attr_read(pointer, name, $0, $1) }
    }

    /// Reads a channel attribute and parses it as `Value`. Blocks.
    ///
    /// - Throws: the errors of ``readAttribute(_:)``, or an ``IIOError`` with ``IIOError/value`` set when the text
    ///   does not parse.
    public func readAttribute<Value: AttributeValue>(_ name: String, as type: Value.Type) throws(IIOError) -> Value {
        let text = try readAttribute(name)
        guard let value = Value(attributeText: text) else {
            var error = subject(name).error("parse \(Value.self)", invalidArgumentCode)
            error.value = text
            throw error
        }
        return value
    }

    /// Writes a channel attribute. Blocks.
    ///
    /// The corresponding C function is `iio_channel_attr_write`.
    public func writeAttribute(_ name: String, value: some AttributeValue) throws(IIOError) {
        try check(iio_channel_attr_write(pointer, name, value.attributeText), "iio_channel_attr_write", subject(name))
    }

    /// Marks the channel for capture by the next ``Device/createBuffer(samples:cyclic:)`` (no I/O until then).
    ///
    /// The corresponding C function is `iio_channel_enable`.
    public func enable() { iio_channel_enable(pointer) }

    /// Unmarks the channel for capture.
    ///
    /// The corresponding C function is `iio_channel_disable`.
    public func disable() { iio_channel_disable(pointer) }

    /// True when the channel is marked for capture.
    ///
    /// The corresponding C function is `iio_channel_is_enabled`.
    public var isEnabled: Bool { iio_channel_is_enabled(pointer) }

    /// Converts one stored sample (``ScanFormat/byteCount`` bytes as they sit in the buffer) to host byte order,
    /// shifted, masked and sign-extended, as libiio does it. The result has the same length as `raw`.
    ///
    /// The corresponding C function is `iio_channel_convert`.
    public func convert(_ raw: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: raw.count)
        raw.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                if let from = source.baseAddress, let to = destination.baseAddress {
                    iio_channel_convert(pointer, to, from)
                }
            }
        }
        return output
    }

    private func subject(_ attribute: String) -> ErrorSubject {
        ErrorSubject(device: device.pointer, attribute: "\(id)/\(attribute)")
    }
}

extension Channel: Equatable {
    /// Two values are equal when they denote the same libiio channel.
    public static func == (lhs: Channel, rhs: Channel) -> Bool { lhs.pointer == rhs.pointer }
}
