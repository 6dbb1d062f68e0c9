/// The sysfs values a capture changed, with how to put each back: undone in reverse order on every exit path.
struct SysfsRestorer {
    private var steps: [(description: String, undo: () throws -> Void)] = []

    /// Remembers how to undo one change (call right after the change succeeded).
    mutating func changed(_ description: String, undo: @escaping () throws -> Void) {
        steps.append((description, undo))
    }

    /// Undoes every change, newest first; returns the ones that could not be undone (a vanished device).
    mutating func restore() -> [String] {
        var failures: [String] = []
        for step in steps.reversed() {
            do {
                try step.undo()
            } catch {
                failures.append("\(step.description): \(error)")
            }
        }
        steps.removeAll()
        return failures
    }
}
