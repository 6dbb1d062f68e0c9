import Foundation

/// A complete simulated IIO context: the devices a test iiod serves, with attribute values.
///
/// The catalog fixtures (`bmi160`, `hidSensorHub`, …) are modelled on the Linux drivers' channel specs (ids, scan
/// indices and formats, shared and per-axis attributes, triggers, rate lists); see `IIOFixture+Catalog.swift`.
public struct IIOFixture: Sendable, Hashable {
    /// The fixture's name, as `--fixture` and `named(_:)` take it (`bmi160`, `hid-sensor-hub`, …).
    public var name: String
    /// The context description iiod's local backend gives (`uname` fields).
    public var description: String
    /// Context attributes (`local,kernel` and `uri`, as the local backend adds them).
    public var contextAttributes: [(name: String, value: String)] {
        get { contextAttributeList.map { ($0.name, $0.value) } }
        set { contextAttributeList = newValue.map { ContextAttribute(name: $0.name, value: $0.value) } }
    }
    /// The devices, in context order.
    public var devices: [FixtureDevice]

    struct ContextAttribute: Sendable, Hashable {
        var name: String
        var value: String
    }
    var contextAttributeList: [ContextAttribute]

    /// Creates a fixture.
    public init(
        name: String, description: String = IIOFixture.defaultDescription,
        contextAttributes: [(name: String, value: String)] = [
            ("local,kernel", IIOFixture.defaultKernel), ("uri", "local:"),
        ],
        devices: [FixtureDevice]
    ) {
        self.name = name
        self.description = description
        self.contextAttributeList = contextAttributes.map { ContextAttribute(name: $0.name, value: $0.value) }
        self.devices = devices
    }

    /// The kernel release the fixtures pretend to run (Debian bookworm's).
    public static let defaultKernel = "6.1.0-50-amd64"
    /// The context description the fixtures pretend iiod's local backend gives.
    public static let defaultDescription =
        "Linux bodyreadings-test \(defaultKernel) #1 SMP PREEMPT_DYNAMIC Debian 6.1.164-1 (2026-01-31) x86_64"

    /// The device with this id, name or label (libiio's `iio_context_find_device` order).
    public func device(_ key: String) -> FixtureDevice? {
        devices.first { $0.id == key } ?? devices.first { $0.label == key } ?? devices.first { $0.name == key }
    }

    /// The context XML exactly as iiod 0.24's `PRINT` sends it (without the length line and trailing newline).
    public var xml: String { IIOContextXML.render(self) }

    /// Writes `xml` to `path`, so that `xml:PATH` contexts (`iio_info -x PATH`, `iio_create_context_from_uri`)
    /// see the same devices (without attribute values: xml contexts answer `ENOSYS` to every read).
    public func writeXML(to path: String) throws {
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Returns a copy in which writing the attribute fails with `errno` (e.g. `EACCES`): `channel` names a channel id
    /// for channel attributes, `nil` for device attributes; `attribute` is the libiio name or the sysfs file name.
    public func failingWrites(device: String, channel: String? = nil, attribute: String, errno: Int32) -> IIOFixture {
        modifyingAttribute(device: device, channel: channel, attribute: attribute) { $0.writeError = errno }
    }

    /// Returns a copy in which reading the attribute fails with `errno` (e.g. `EINVAL`, as a misconfigured bmi160
    /// scale does); addressing as in `failingWrites`.
    public func failingReads(device: String, channel: String? = nil, attribute: String, errno: Int32) -> IIOFixture {
        modifyingAttribute(device: device, channel: channel, attribute: attribute) { $0.readError = errno }
    }

    /// Returns a copy with the attribute's value replaced (e.g. a non-numeric scale); addressing as in
    /// `failingWrites`.
    public func settingValue(_ value: String, device: String, channel: String? = nil, attribute: String) -> IIOFixture {
        modifyingAttribute(device: device, channel: channel, attribute: attribute) { $0.value = value }
    }

    /// Returns a copy without the attribute (e.g. a device missing its scale); addressing as in `failingWrites`.
    public func removingAttribute(device: String, channel: String? = nil, attribute: String) -> IIOFixture {
        var copy = self
        for deviceIndex in copy.devices.indices where copy.devices[deviceIndex].matches(device) {
            let matchesName: (FixtureAttribute) -> Bool = { $0.name == attribute || $0.filename == attribute }
            if let channel {
                for channelIndex in copy.devices[deviceIndex].channels.indices
                where copy.devices[deviceIndex].channels[channelIndex].id == channel || channel == "*" {
                    copy.devices[deviceIndex].channels[channelIndex].attributes.removeAll(where: matchesName)
                }
            } else {
                copy.devices[deviceIndex].attributes.removeAll(where: matchesName)
            }
        }
        return copy
    }

    /// Returns a copy in which, on every device, the attributes whose sysfs file (channel attributes) or name
    /// (device attributes) is `file` answer `value` (when given) and fail reads with `readError` (nil: reads succeed),
    /// or are gone (`remove`): one bad sysfs file, wherever the fixture's drivers put it.
    public func changingFile(
        _ file: String, value: String? = nil, readError: Int32? = nil, remove: Bool = false
    ) -> IIOFixture {
        let change: (FixtureAttribute) -> FixtureAttribute? = { attribute in
            if remove { return nil }
            var changed = attribute
            if let value { changed.value = value }
            changed.readError = readError
            return changed
        }
        var copy = self
        for d in copy.devices.indices {
            for c in copy.devices[d].channels.indices {
                copy.devices[d].channels[c].attributes = copy.devices[d].channels[c].attributes.compactMap {
                    $0.filename == file ? change($0) : $0
                }
            }
            copy.devices[d].attributes = copy.devices[d].attributes.compactMap { $0.name == file ? change($0) : $0 }
        }
        return copy
    }

    private func modifyingAttribute(
        device: String, channel: String?, attribute: String, _ change: (inout FixtureAttribute) -> Void
    ) -> IIOFixture {
        var copy = self
        for deviceIndex in copy.devices.indices where copy.devices[deviceIndex].matches(device) {
            if let channel {
                for channelIndex in copy.devices[deviceIndex].channels.indices
                where copy.devices[deviceIndex].channels[channelIndex].id == channel || channel == "*" {
                    for attributeIndex in copy.devices[deviceIndex].channels[channelIndex].attributes.indices {
                        let candidate = copy.devices[deviceIndex].channels[channelIndex].attributes[attributeIndex]
                        if candidate.name == attribute || candidate.filename == attribute {
                            change(&copy.devices[deviceIndex].channels[channelIndex].attributes[attributeIndex])
                        }
                    }
                }
            } else {
                for attributeIndex in copy.devices[deviceIndex].attributes.indices
                where copy.devices[deviceIndex].attributes[attributeIndex].name == attribute {
                    change(&copy.devices[deviceIndex].attributes[attributeIndex])
                }
                for attributeIndex in copy.devices[deviceIndex].bufferAttributes.indices
                where copy.devices[deviceIndex].bufferAttributes[attributeIndex].name == attribute {
                    change(&copy.devices[deviceIndex].bufferAttributes[attributeIndex])
                }
            }
        }
        return copy
    }
}

extension FixtureDevice {
    func matches(_ key: String) -> Bool { id == key || name == key || label == key }
}
