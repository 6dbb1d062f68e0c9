import IIO

/// The sysfs values a capture changed, with how to put each back: undone in reverse order on every exit path.
struct SysfsRestorer {
    private var steps: [(change: UnrestoredValue, undo: () throws(IIOError) -> Void)] = []
    /// Where a setting is recorded before it changes, so that a capture killed before `restore()` can still be
    /// undone by the next one (`DeviceClaim.record`).
    private let journal: (RecordedSetting) -> Void

    init(journal: @escaping (RecordedSetting) -> Void = { _ in }) {
        self.journal = journal
    }

    /// Records, before the change, that `place` held `previous`.
    func willChange(_ place: RecordedSetting.Place, from previous: String) {
        journal(RecordedSetting(place, original: previous))
    }

    /// Remembers how to undo one change of `attribute`, whose text was `previous` (call right after the change
    /// succeeded).
    mutating func changed(_ attribute: String, from previous: String, undo: @escaping () throws(IIOError) -> Void) {
        let text = String(Substring(previous).trimmingWhitespace)
        steps.append((UnrestoredValue(attribute: attribute, previous: text, reason: ""), undo))
    }

    /// Sets the number at `location` of `device` to `value` unless it holds it already (as text or as a number),
    /// journalled before and remembered for `restore()` after; returns the text it replaced, nil when it wrote
    /// nothing.
    mutating func set(_ location: AttributeLocation, to value: Double, on device: Device) throws(IIOError) -> String? {
        let previous = try device.readAttribute(at: location)
        guard Double(attributeText: previous) != value else { return nil }
        willChange(.attribute(location), from: previous)
        try device.writeAttribute(at: location, value: value.sysfsText)
        changed(location.file, from: previous) { () throws(IIOError) in
            try device.writeAttribute(at: location, value: previous)
        }
        return String(Substring(previous).trimmingWhitespace)
    }

    /// Undoes every change, newest first; returns the ones that could not be undone (a vanished device, a lost
    /// connection), each with why.
    mutating func restore() -> [UnrestoredValue] {
        var failures: [UnrestoredValue] = []
        for step in steps.reversed() {
            do {
                try step.undo()
            } catch {
                var failure = step.change
                failure.reason = error.errno.description
                failures.append(failure)
            }
        }
        steps.removeAll()
        return failures
    }
}
