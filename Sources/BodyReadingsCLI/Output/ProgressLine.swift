/// Progress feedback on stderr: a redrawn bar on a terminal, a line at each quarter otherwise.
final class ProgressLine {
    let console: Console
    private var lastQuarter = -1
    private var drawn = false
    private var lastText = ""

    init(console: Console) {
        self.console = console
    }

    /// Shows `fraction` (clamped to 0…1) with a short label.
    func update(fraction: Double, label: String) {
        let clamped = max(0, min(1, fraction.isFinite ? fraction : 0))
        if console.errorIsTerminal {
            let filled = Int((clamped * 30).rounded(.down))
            let text = "\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
                + "] \(Int(clamped * 100)) % \(label)\u{1B}[K"
            if text != lastText {
                console.status(text)
                lastText = text
                drawn = true
            }
        } else {
            let quarter = Int((clamped * 4).rounded(.down))
            if quarter != lastQuarter, quarter > 0 {
                console.note("\(quarter * 25) % (\(label))")
            }
            lastQuarter = quarter
        }
    }

    /// A message on its own line (prompts, restarts).
    func event(_ message: String) {
        if drawn {
            console.status("\r\u{1B}[K")
            drawn = false
            lastText = ""
        }
        lastQuarter = -1
        console.note(message)
    }

    /// Ends the bar's line.
    func finish() {
        if drawn { console.status("\n") }
        drawn = false
    }
}
