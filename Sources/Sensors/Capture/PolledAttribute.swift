import IIO
import SystemSupport

/// One attribute a polling loop reads on every tick (a step counter's count, a barometer's pressure): kept open on
/// a local context and re-read (`SysfsAttributeFile`, a fraction of libiio's cost), else read through libiio.
struct PolledAttribute {
    var location: AttributeLocation
    var file: SysfsAttributeFile?

    /// The attribute at `location` of `capture`'s device.
    init(_ location: AttributeLocation, of capture: DeviceCapture, in context: Context) {
        self.location = location
        file = context.isLocal ? SysfsAttributeFile(path: capture.sysfsDirectory + "/" + location.file) : nil
    }

    /// Its number; a read failing with ENODEV/ENOENT after the first means the device went away.
    func read(from device: Device, for capture: DeviceCapture, first: Bool) throws(CaptureError) -> Double {
        if let file { return try capture.read(file) }
        let text: String
        do {
            text = try device.readAttribute(at: location)
        } catch {
            throw capture.readFailure(error, first: first)
        }
        guard let value = Double(attributeText: text) else {
            throw CaptureError(.io, "\(capture.label): \(location.file) is '\(text)', not a number")
        }
        return value
    }
}
