import FoundationEssentials
import IIO

/// Reads attribute values for discovery, classifying libiio's answers: `ENOSYS` means "this context has no values"
/// (`xml:`), a read that fails because the local device's sysfs directory is gone means the device vanished (unplugged
/// while discovery read it: 69, as in a capture, not an I/O error), parse failures and other errors become
/// ``SensorError``s naming device and attribute.
struct ValueReader {
    let device: DeviceSnapshot
    let uri: String
    /// The device's sysfs directory on a local context; nil through the network or an `xml:` file.
    let sysfsDirectory: String?
    private(set) var sawUnsupported = false

    init(device: DeviceSnapshot, uri: String, sysfsDirectory: String? = nil) {
        self.device = device
        self.uri = uri
        self.sysfsDirectory = sysfsDirectory
    }

    /// `error` as a vanished device, when the read failed for want of the device: ENOENT or ENODEV with its
    /// sysfs directory gone.
    private func vanished(_ error: IIOError, attribute: String) -> SensorError? {
        guard error.errno == .noSuchFileOrDirectory || error.errno == .noSuchDevice, let sysfsDirectory,
            !FileManager.default.fileExists(atPath: sysfsDirectory)
        else { return nil }
        return SensorError(
            .deviceVanished, "\(device.displayName) vanished while its attributes were read (\(sysfsDirectory) is gone)",
            uri: uri, device: device.displayName, attribute: attribute, errno: error.errno.rawValue)
    }

    /// The attribute's text; nil when the context cannot read values, or (with `tolerateDriverErrors`) when the
    /// driver refuses to answer in its current state (`EINVAL`, `EIO`, `ENOENT`, `EAGAIN`, `EBUSY`).
    mutating func text(at location: AttributeLocation, tolerateDriverErrors: Bool = false) throws(SensorError)
        -> String?
    {
        do {
            return try device.read(location)
        } catch {
            if let vanished = vanished(error, attribute: location.file) { throw vanished }
            if error.errno == .notImplemented {
                sawUnsupported = true
                return nil
            }
            let driverErrors: [IIOErrno] = [
                .invalidArgument, .ioError, .noSuchFileOrDirectory, .resourceTemporarilyUnavailable, .busy,
            ]
            if tolerateDriverErrors, driverErrors.contains(error.errno) { return nil }
            var wrapped = SensorError(error, uri: uri)
            wrapped.attribute = location.file
            wrapped.device = device.displayName
            throw wrapped
        }
    }

    /// Doubles from every location; nil when the context cannot read values.
    mutating func doubles(at locations: [AttributeLocation]) throws(SensorError) -> [Double]? {
        var values: [Double] = []
        for location in locations {
            guard let text = try text(at: location) else { return nil }
            guard let value = Double(attributeText: text) else {
                throw malformed(location, text, expected: "a number")
            }
            values.append(value)
        }
        return values
    }

    /// The device's current trigger. Through iiod a trigger-less device may answer `EIO` (and locally `ENOENT` or
    /// `EINVAL`): all mean "none".
    mutating func trigger() throws(SensorError) -> TriggerAnswer {
        do {
            return TriggerAnswer(name: try device.currentTrigger(), known: true)
        } catch {
            if let vanished = vanished(error, attribute: "trigger/current_trigger") { throw vanished }
            switch error.errno {
            case .notImplemented:
                sawUnsupported = true
                return TriggerAnswer(name: nil, known: false)
            case .ioError, .noSuchFileOrDirectory, .invalidArgument:
                return TriggerAnswer(name: nil, known: true)
            default:
                var wrapped = SensorError(error, uri: uri)
                wrapped.device = device.displayName
                wrapped.attribute = wrapped.attribute ?? "trigger/current_trigger"
                throw wrapped
            }
        }
    }

    func malformed(_ location: AttributeLocation, _ text: String, expected: String) -> SensorError {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return SensorError(
            .malformedAttribute, "\(device.displayName) attribute \(location.file) is '\(shown)', expected \(expected)",
            uri: uri, device: device.displayName, attribute: location.file)
    }
}
