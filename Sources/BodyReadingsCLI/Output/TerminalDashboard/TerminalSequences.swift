/// Every escape sequence the dashboard writes (ECMA-48 and the xterm private modes every terminal emulator, tmux
/// and the Linux console understand), in one place: entering and leaving the full screen, and a frame.
enum TerminalSequences {
    /// Switches to the alternate screen (xterm mode 1049: the shell's screen comes back untouched at the end),
    /// hides the cursor and turns off automatic wrapping (a full last line must not scroll the screen).
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J"

    /// Undoes `enter`: wrapping and the cursor back on, the main screen back, styles reset.
    static let leave = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    /// Clears the whole screen (after a resize, parts of the old frame may lie outside the new one).
    static let clear = "\u{1B}[2J"

    /// The bytes that draw `lines` from the top-left corner, each line already fitted to the screen's width; a
    /// colourless terminal (`colour` false, e.g. `NO_COLOR`) gets bold for titles and values only.
    static func frame(_ lines: [StyledLine], colour: Bool) -> [UInt8] {
        var text = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "\r\n" }
            for run in line.runs {
                let start = style(run.style, colour: colour)
                text += start.isEmpty ? run.text : start + run.text + "\u{1B}[0m"
            }
        }
        return Array(text.utf8)
    }

    /// The SGR sequence of `style` (empty for plain text).
    static func style(_ style: DashboardStyle, colour: Bool) -> String {
        switch style {
        case .plain: return ""
        case .title: return colour ? "\u{1B}[1;36m" : "\u{1B}[1m"
        case .value: return "\u{1B}[1m"
        case .dim: return colour ? "\u{1B}[2m" : ""
        case .warning: return colour ? "\u{1B}[33m" : ""
        }
    }
}
