import IIO

/// Reading and writing an attribute by where discovery found it: the one place that turns an `AttributeLocation`
/// into a libiio call, for discovery's snapshots and for capture's sampling-frequency changes and liveness probes.
extension Device {
    /// The text of the attribute at `location`.
    ///
    /// - Throws: `IIOError` from libiio; `noSuchFileOrDirectory` when the location names a channel the device does
    ///   not have.
    func readAttribute(at location: AttributeLocation) throws(IIOError) -> String {
        switch location {
        case .device(let name):
            return try readAttribute(name)
        case .channel(let id, let attribute, let file):
            return try channel(id, holding: file).readAttribute(attribute)
        }
    }

    /// Writes `value` to the attribute at `location`.
    ///
    /// - Throws: `IIOError` from libiio (a driver refusing the value answers `invalidArgument`);
    ///   `noSuchFileOrDirectory` when the location names a channel the device does not have.
    func writeAttribute(at location: AttributeLocation, value: String) throws(IIOError) {
        switch location {
        case .device(let name):
            try writeAttribute(name, value: value)
        case .channel(let id, let attribute, let file):
            try channel(id, holding: file).writeAttribute(attribute, value: value)
        }
    }

    private func channel(_ id: String, holding file: String) throws(IIOError) -> Channel {
        guard let channel = channel(id) else {
            throw IIOError(
                operation: "iio_device_find_channel", errno: .noSuchFileOrDirectory, deviceID: self.id,
                deviceName: name, attribute: file)
        }
        return channel
    }
}
