import Foundation
import TestSupport

/// Where a document's examples run: a fresh directory that is the shell's working directory, `$HOME`, every XDG
/// directory and the system service's directories (so no example reads or writes the host's), with `docs` and
/// `Calibration` in it pointing at the repository's, the built `bodyreadings` first on `PATH`, `TZ=Europe/Berlin`,
/// and what the document's `<!-- examples: … -->` lines ask for:
///
/// - `<!-- examples: serve ARGUMENTS -->`: `bodyreadings serve ARGUMENTS` runs for the document's examples, on the
///   default socket `$XDG_RUNTIME_DIR/bodyreadings/serve.sock`; `127.0.0.1:8080` in its arguments and in the
///   commands stands for a free loopback port.
/// - `<!-- examples: broker -->`: a `mosquitto` runs for them; `127.0.0.1:1883` and `-p 1883` in the commands stand
///   for its free port.
final class ExampleSession: @unchecked Sendable {
    // @unchecked: used by one test at a time; the children are stopped in deinit.
    let directory: TemporaryDirectory
    let environment: [String: String]
    private var substitutions: [(String, String)] = []
    private var service: ChildProcess?
    private var broker: TestBroker?

    struct SetUpError: Error, CustomStringConvertible {
        var description: String
    }

    init(document text: String, tool: String) throws {
        directory = try TemporaryDirectory(prefix: "br-docs")
        let root = directory.path
        for name in ["runtime/bodyreadings", "config", "state", "cache", "system-state", "system-calibration"] {
            try FileManager.default.createDirectory(atPath: "\(root)/.\(name)", withIntermediateDirectories: true)
        }
        for name in ["docs", "Calibration"] {
            try FileManager.default.createSymbolicLink(
                atPath: "\(root)/\(name)", withDestinationPath: PackagePaths.file(name))
        }
        let toolDirectory = URL(fileURLWithPath: tool).deletingLastPathComponent().path
        environment = [
            "PATH": "\(toolDirectory):/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": root, "LANG": "C.UTF-8",
            "TZ": "Europe/Berlin", "XDG_RUNTIME_DIR": "\(root)/.runtime", "XDG_CONFIG_HOME": "\(root)/.config",
            "XDG_STATE_HOME": "\(root)/.state", "XDG_CACHE_HOME": "\(root)/.cache", "NO_COLOR": "1",
            // The tests run as root, whose service would use the system's directories: these point them here too.
            "RUNTIME_DIRECTORY": "\(root)/.runtime/bodyreadings",
            "BODYREADINGS_SYSTEM_STATE_DIR": "\(root)/.system-state",
            "BODYREADINGS_SYSTEM_CALIBRATION_DIR": "\(root)/.system-calibration",
        ]
        for line in text.split(separator: "\n") where line.hasPrefix("<!-- examples: ") && line.hasSuffix(" -->") {
            let words = line.dropFirst("<!-- examples: ".count).dropLast(" -->".count).split(separator: " ")
                .map(String.init)
            if words.first == "broker" {
                let broker = try TestBroker()
                self.broker = broker
                substitutions += [("127.0.0.1:1883", "127.0.0.1:\(broker.port)"), ("-p 1883", "-p \(broker.port)")]
            } else if words.first == "serve" {
                let port = try FreePort.loopback()
                substitutions.append(("127.0.0.1:8080", "127.0.0.1:\(port)"))
                try startService(tool: tool, arguments: words.map(substitute), port: port)
            }
        }
    }

    deinit {
        service?.terminate()
        broker?.stop()
    }

    /// The service's socket.
    var socket: String { environment["XDG_RUNTIME_DIR"]! + "/bodyreadings/serve.sock" }

    /// `text` with the document's stand-in addresses replaced by the session's.
    func substitute(_ text: String) -> String {
        substitutions.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// Runs one command line with `/bin/sh -c` in the directory; its standard output and status.
    func run(_ command: String) throws -> ProcessOutput {
        try Subprocess.run(
            "/bin/sh", ["-c", "cd \"$HOME\" && " + substitute(command)], timeout: 120, environment: environment)
    }

    /// Whether a Unix socket at `path` accepts connections: its file appears at `bind`, before `listen`, so the
    /// file alone does not say that a client would be answered. Read from `/proc/net/unix` (flag `__SO_ACCEPTCON`),
    /// without connecting, so that no example sees an extra client.
    static func listens(on path: String) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) else { return false }
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[7] == path && fields[3] == "00010000"
        }
    }

    private func startService(tool: String, arguments: [String], port: Int) throws {
        let stderr = directory.file(".serve.stderr")
        let process = try ChildProcess(
            "/usr/bin/env", ["-i", "-C", directory.path] + environment.map { "\($0)=\($1)" } + [tool] + arguments,
            standardError: .file(stderr))
        service = process
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let listening = !arguments.contains("--http") || FreePort.accepts(port: port)
            if Self.listens(on: socket), listening { return }
            usleep(20_000)
        }
        let log = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        throw SetUpError(description: "bodyreadings \(arguments.joined(separator: " ")) did not start: \(log)")
    }
}
