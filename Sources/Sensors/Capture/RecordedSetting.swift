import IIO

/// One device setting a capture is about to change, with the text it had: a line of the capture's claim file
/// (`DeviceClaim`), written before the change. A capture killed before it could restore (SIGKILL, a crash) leaves
/// the lines behind, and the next capture of the device by the same user puts the values back before it changes
/// anything itself, instead of taking the dead capture's settings for the device's own.
///
/// A line is tab-separated: `attr NAME TEXT`, `chan ID ATTRIBUTE FILE TEXT`, `buffer NAME TEXT` or `trigger NAME`
/// (an empty name: none). A setting whose text holds a tab or a line break is not recorded.
struct RecordedSetting: Equatable {
    /// Where the setting lives.
    enum Place: Equatable {
        /// A device or channel attribute (a sampling frequency, a step counter's enable).
        case attribute(AttributeLocation)
        /// A buffer attribute (`length`, `watermark`).
        case buffer(String)
        /// The device's current trigger.
        case trigger
    }

    var place: Place
    /// The text the setting had before the capture changed it (for a trigger, its name; empty: none).
    var original: String

    init(_ place: Place, original: String) {
        self.place = place
        self.original = String(Substring(original).trimmingWhitespace)
    }

    /// The line for the claim file; nil when a field cannot be written as one.
    var line: String? {
        let fields: [String]
        switch place {
        case .attribute(.device(let name)): fields = ["attr", name, original]
        case .attribute(.channel(let id, let attribute, let file)): fields = ["chan", id, attribute, file, original]
        case .buffer(let name): fields = ["buffer", name, original]
        case .trigger: fields = ["trigger", original]
        }
        guard fields.allSatisfy({ !$0.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" } }) else { return nil }
        return fields.joined(separator: "\t")
    }

    /// The setting a line describes; nil for a line this build does not know.
    init?(line: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch (fields.first, fields.count) {
        case ("attr", 3): self.init(.attribute(.device(fields[1])), original: fields[2])
        case ("chan", 5):
            self.init(.attribute(.channel(id: fields[1], attribute: fields[2], file: fields[3])), original: fields[4])
        case ("buffer", 3): self.init(.buffer(fields[1]), original: fields[2])
        case ("trigger", 2): self.init(.trigger, original: fields[1])
        default: return nil
        }
    }

    /// The sysfs name messages use.
    var name: String {
        switch place {
        case .attribute(let location): location.file
        case .buffer(let name): "buffer/" + name
        case .trigger: "trigger/current_trigger"
        }
    }

    /// Puts the original value back on `device` of `context` when the device holds another one now; true when it
    /// wrote.
    func restore(on device: Device, in context: Context) throws(IIOError) -> Bool {
        switch place {
        case .attribute(let location):
            guard !Self.same(try device.readAttribute(at: location), original) else { return false }
            try device.writeAttribute(at: location, value: original)
        case .buffer(let name):
            guard !Self.same(try device.readAttribute(name, .buffer), original) else { return false }
            try device.writeAttribute(name, .buffer, value: original)
        case .trigger:
            let current = (try? device.trigger())?.name ?? ""
            guard current != original else { return false }
            let trigger = context.devices.first { $0.isTrigger && $0.name == original }
            guard original.isEmpty || trigger != nil else { return false }
            try device.setTrigger(trigger)
        }
        return true
    }

    /// Sysfs texts of one value: equal as text, or as numbers (`100` and `100.000000`).
    private static func same(_ current: String, _ original: String) -> Bool {
        let text = String(Substring(current).trimmingWhitespace)
        if text == original { return true }
        guard let a = Double(attributeText: text), let b = Double(attributeText: original) else { return false }
        return a == b
    }
}
