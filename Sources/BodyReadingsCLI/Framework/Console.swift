import ReadingFormats
import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: data to `out`, diagnostics to `err`.
///
/// The real console writes to file descriptors 1 and 2 through a buffer; tests use `Console.capture()` and read
/// what was written. `out` is buffered (call `flush()` when a consumer should see the data); `err` is written at once.
public final class Console: @unchecked Sendable {
    // @unchecked: a console belongs to one command invocation and is only used from its thread.
    private var outBuffer: [UInt8] = []
    private let outSink: ([UInt8]) throws -> Void
    private let errSink: ([UInt8]) -> Void

    /// True when stdout is a terminal (live views, colour).
    public let outputIsTerminal: Bool
    /// True when stderr is a terminal (colour in `error:`/`warning:` prefixes, progress bars).
    public let errorIsTerminal: Bool
    /// Environment variables visible to the command (injectable for tests).
    public let environment: [String: String]

    private let changedLock = ThreadLock()
    private var changedDevices: [String] = []

    /// Creates a console over arbitrary sinks; without an environment, one detached from this machine's
    /// (``detachedEnvironment``).
    public init(
        outputIsTerminal: Bool = false,
        errorIsTerminal: Bool = false,
        environment: [String: String] = Console.detachedEnvironment,
        out: @escaping ([UInt8]) throws -> Void,
        err: @escaping ([UInt8]) -> Void
    ) {
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
        self.outSink = out
        self.errSink = err
    }

    /// The process's stdout and stderr.
    public static func standard(environment: [String: String]) -> Console {
        Console(
            outputIsTerminal: isatty(1) == 1,
            errorIsTerminal: isatty(2) == 1,
            environment: environment,
            out: { bytes in try writeAll(fd: 1, bytes) },
            err: { bytes in try? SystemCall.writeAll(2, bytes) }
        )
    }

    /// Appends text to stdout's buffer; the buffer is written out once it holds 64 KiB.
    public func write(_ text: String) throws {
        outBuffer.append(contentsOf: text.utf8)
        if outBuffer.count >= 1 << 16 { try flush() }
    }

    /// Appends human-readable text that carries names from devices, files or options (`info`, `available`): its
    /// control characters are neutralised (`neutralised(_:keeping:)`), newlines and tabs kept.
    public func writeText(_ text: String) throws {
        try write(Self.neutralised(text, keeping: ["\n", "\t"]))
    }

    /// Appends raw bytes to stdout's buffer.
    public func write(bytes: some Sequence<UInt8>) throws {
        outBuffer.append(contentsOf: bytes)
        if outBuffer.count >= 1 << 16 { try flush() }
    }

    /// Writes stdout's buffer out. Throws `ConsoleError.closed` when the reader has gone (EPIPE).
    public func flush() throws {
        guard !outBuffer.isEmpty else { return }
        // Emptied after the write, never copied: a copy would allocate (and fault in) a fresh buffer every flush.
        defer { outBuffer.removeAll(keepingCapacity: true) }
        try outSink(outBuffer)
    }

    /// Writes one diagnostic line to stderr, prefixed `error: ` (red on a terminal).
    public func error(_ message: String) {
        diagnostic(prefix: "error", colour: "31", message)
    }

    /// Writes one diagnostic line to stderr, prefixed `warning: ` (yellow on a terminal).
    public func warning(_ message: String) {
        diagnostic(prefix: "warning", colour: "33", message)
    }

    /// Writes a line (or lines: the help text) to stderr, its control characters but newlines and tabs neutralised.
    public func note(_ message: String) {
        errSink(Array((Self.neutralised(message, keeping: ["\n", "\t"]) + "\n").utf8))
    }

    /// Writes text to stderr without a newline (progress bars redraw with `\r`).
    public func status(_ text: String) {
        errSink(Array(text.utf8))
    }

    private func diagnostic(prefix: String, colour: String, _ message: String) {
        let useColour = errorIsTerminal && environment["NO_COLOR"] == nil
        let head = useColour ? "\u{1B}[1;\(colour)m\(prefix):\u{1B}[0m" : "\(prefix):"
        errSink(Array("\(head) \(Self.neutralised(message, keeping: []))\n".utf8))
    }

    /// `text` with every control character (C0, DEL, C1) but those in `kept` written as `\u{1B}`: names and values
    /// from devices, files and options reach the terminal as text, never as escape sequences that recolour, move
    /// the cursor or retitle it, nor as line breaks that forge another diagnostic line.
    public static func neutralised(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept.contains($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar), !kept.contains(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Notes that a capture of `device` ended without restoring every sysfs value it changed (captures report this
    /// from their own threads): the command must not end with status 0.
    func deviceLeftChanged(_ device: String) {
        changedLock.withLock { changedDevices.append(device) }
    }

    /// The devices `deviceLeftChanged` named, in order.
    var devicesLeftChanged: [String] { changedLock.withLock { changedDevices } }

    /// The environment of a console that is not a process's own (a test's): its home, the system service's runtime
    /// and state directories and the system calibration directory do not exist and no user runtime directory is
    /// named, so that what a command finds does not depend on the machine's files or the services it runs.
    public static let detachedEnvironment = [
        "HOME": "/nonexistent/home",
        ServiceSocketPath.systemDirectoryVariable: "/nonexistent/run",
        "BODYREADINGS_SYSTEM_STATE_DIR": "/nonexistent/state",
        "BODYREADINGS_SYSTEM_CALIBRATION_DIR": "/nonexistent/calibration",
    ]

    /// A console whose output is collected in memory, for tests; `environment` is added to
    /// ``detachedEnvironment`` (and may replace its system runtime directory).
    public static func capture(
        outputIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) -> (console: Console, output: Captured) {
        let captured = Captured()
        let console = Console(
            outputIsTerminal: outputIsTerminal,
            environment: detachedEnvironment.merging(environment) { _, given in given },
            out: { captured.out.append(contentsOf: $0) },
            err: { captured.err.append(contentsOf: $0) }
        )
        return (console, captured)
    }

    /// What a captured console received.
    public final class Captured: @unchecked Sendable {
        // @unchecked: filled and read by the one test that owns it.
        public var out: [UInt8] = []
        public var err: [UInt8] = []
        public var stdout: String { String(decoding: out, as: UTF8.self) }
        public var stderr: String { String(decoding: err, as: UTF8.self) }
    }
}

/// Writes all of `bytes` to stdout; a closed pipe is `ConsoleError.closed`.
private func writeAll(fd: Int32, _ bytes: [UInt8]) throws(ConsoleError) {
    do {
        try SystemCall.writeAll(fd, bytes)
    } catch {
        if error.errno == .brokenPipe { throw .closed }
        throw .failed(errno: error.errno.rawValue)
    }
}
