import IIO

/// What discovery needs to know about one IIO device, taken from libiio: names, channels and attribute names, plus
/// closures that read attribute values and the current trigger.
///
/// Discovery's rules run on snapshots rather than on libiio objects so that tests can replace the layer below
/// (a read that answers `EACCES`, a scale that says `abc`) without a kernel or a server.
struct DeviceSnapshot {
    var id: String
    var name: String?
    var label: String?
    var isTrigger: Bool
    var channels: [ChannelSnapshot]
    /// Device attribute names (sysfs file names).
    var attributes: [String]
    /// Buffer attribute names.
    var bufferAttributes: [String]
    /// Reads an attribute's text.
    var read: (AttributeLocation) throws(IIOError) -> String
    /// The current trigger's name, nil for none.
    var currentTrigger: () throws(IIOError) -> String?

    /// One channel of the snapshot.
    struct ChannelSnapshot {
        var id: String
        /// The IIO type prefix (`accel`, `anglvel`, `magn`, `timestamp`), nil when unknown.
        var type: String?
        /// 0, 1, 2 for x, y, z.
        var axis: Int?
        var isOutput: Bool
        var scanIndex: Int?
        var format: ScanFormat?
        /// libiio attribute name → sysfs file name (`scale` → `in_accel_scale`).
        var attributes: [String: String]
    }
}

extension DeviceSnapshot {
    /// Takes a snapshot of a libiio device; the closures keep the device (and its context) alive.
    init(_ device: Device) {
        id = device.id
        name = device.name
        label = device.label
        isTrigger = device.isTrigger
        attributes = device.attributes(.device)
        bufferAttributes = device.attributes(.buffer)
        channels = device.channels.map { channel in
            var pairs: [String: String] = [:]
            for attribute in channel.attributes {
                pairs[attribute] = channel.attributeFilename(attribute) ?? attribute
            }
            return ChannelSnapshot(
                id: channel.id,
                type: channel.type.sysfsPrefix ?? Self.typePrefix(ofChannelID: channel.id),
                axis: channel.modifier.axisIndex ?? Self.axis(ofChannelID: channel.id),
                isOutput: channel.isOutput,
                scanIndex: channel.scanIndex,
                format: channel.scanFormat,
                attributes: pairs)
        }
        read = { (location: AttributeLocation) throws(IIOError) -> String in
            try device.readAttribute(at: location)
        }
        currentTrigger = { () throws(IIOError) -> String? in
            try device.trigger().map { $0.name ?? $0.id }
        }
    }

    /// `accel` for `accel_x`, `timestamp` for `timestamp`: the id up to the first `_` or digit.
    static func typePrefix(ofChannelID id: String) -> String? {
        let prefix = id.prefix { $0 != "_" && !$0.isNumber }
        return prefix.isEmpty ? nil : String(prefix)
    }

    /// 0, 1, 2 for ids ending in `_x`, `_y`, `_z`.
    static func axis(ofChannelID id: String) -> Int? {
        if id.hasSuffix("_x") { return 0 }
        if id.hasSuffix("_y") { return 1 }
        if id.hasSuffix("_z") { return 2 }
        return nil
    }

    /// The number N of `iio:deviceN`, nil for other ids.
    var deviceNumber: Int? {
        guard id.hasPrefix("iio:device") else { return nil }
        return Int(id.dropFirst("iio:device".count))
    }

    /// `iio:device0 (bmi160)`.
    var displayName: String { name.map { "\(id) (\($0))" } ?? id }
}
