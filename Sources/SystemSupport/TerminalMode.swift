#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal switched to key-at-a-time input (no line editing, no echo) and back: what a full-screen view needs
/// to read `q` without Return. Output processing and signal keys (Ctrl-C) stay as they were.
///
/// `restore()` puts back exactly the settings found; call it on every exit path (it is idempotent and safe from
/// any thread).
package final class TerminalMode: Sendable {
    /// The terminal's descriptor.
    package let descriptor: Int32
    private let saved: termios

    /// Switches the terminal on `descriptor` to key-at-a-time input. Throws when it is not a terminal (`ENOTTY`).
    package init(descriptor: Int32) throws(SystemError) {
        var settings = termios()
        _ = try SystemCall.valueOrErrno("tcgetattr") { tcgetattr(descriptor, &settings) }
        self.descriptor = descriptor
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        _ = try SystemCall.valueOrErrno("tcsetattr") { tcsetattr(descriptor, TCSANOW, &settings) }
    }

    /// Puts back the settings found at `init`.
    package func restore() {
        var settings = saved
        _ = SystemCall.retryingInterrupts { tcsetattr(descriptor, TCSANOW, &settings) }
    }

    /// The size of the terminal on `descriptor` (columns, rows), or nil when it is not a terminal or reports 0.
    package static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
