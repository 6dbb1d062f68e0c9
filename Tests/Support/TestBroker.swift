import Foundation

/// A real `mosquitto` broker (Debian package `mosquitto`, installed by `scripts/install-deps`) on a free loopback
/// port, with a generated configuration in a temporary directory: not the system service.
public final class TestBroker: @unchecked Sendable {
    // @unchecked: `process` is only replaced by `start()`/`stop()`/`kill()`, which tests call from one task.

    /// What the broker's listener asks of clients.
    public struct Options {
        /// User → password; when set, anonymous clients are refused.
        public var users: [String: String] = [:]
        /// TLS on the listener with these PEM files.
        public var tls: TestCertificates?
        /// Ask clients for a certificate signed by the CA (`require_certificate`).
        public var requireClientCertificate = false
        /// Keep sessions and queued messages across restarts (`persistence`).
        public var persistence = false

        public init(
            users: [String: String] = [:], tls: TestCertificates? = nil, requireClientCertificate: Bool = false,
            persistence: Bool = false
        ) {
            self.users = users
            self.tls = tls
            self.requireClientCertificate = requireClientCertificate
            self.persistence = persistence
        }
    }

    public static let executable = "/usr/sbin/mosquitto"

    public let port: Int
    public let directory: TemporaryDirectory
    private let options: Options
    private var process: ChildProcess?

    /// Starts a broker on `port`, or on a free port: then it tries a few, since another test may take one first.
    public init(_ options: Options = Options(), port fixedPort: Int? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw BrokerError.didNotStart("mosquitto is not installed: run scripts/install-deps")
        }
        self.options = options
        directory = try TemporaryDirectory(prefix: "broker")
        var lastError: (any Error)?
        for _ in 0..<(fixedPort == nil ? 5 : 1) {
            let candidate = try fixedPort ?? FreePort.loopback()
            do {
                try Self.writeConfiguration(options, port: candidate, directory: directory)
                process = try Self.launch(directory: directory, port: candidate)
                port = candidate
                return
            } catch {
                lastError = error
            }
        }
        throw lastError ?? BrokerError.didNotStart("no port")
    }

    deinit {
        stop()
    }

    /// `mqtt://127.0.0.1:PORT` (or `mqtts://localhost:PORT` with TLS, the name in the server certificate).
    public var url: String { options.tls == nil ? "mqtt://127.0.0.1:\(port)" : "mqtts://localhost:\(port)" }

    /// The host to connect to: the name the server certificate carries when TLS is on.
    public var host: String { options.tls == nil ? "127.0.0.1" : "localhost" }

    /// Stops the broker with SIGTERM (it saves its persistence file then) and waits for it.
    public func stop() {
        process?.terminate()
        process = nil
    }

    /// Starts the broker again on the same port and configuration.
    public func start() throws {
        guard process == nil else { return }
        process = try Self.launch(directory: directory, port: port)
    }

    /// The broker's log so far.
    public var log: String {
        (try? String(contentsOfFile: directory.file("broker.log"), encoding: .utf8)) ?? ""
    }

    // MARK: Set-up

    private static func writeConfiguration(_ options: Options, port: Int, directory: TemporaryDirectory) throws {
        var lines = [
            "log_dest file \(directory.file("broker.log"))",
            "log_type all",
            "listener \(port) 127.0.0.1",
            "max_queued_messages 100000",
        ]
        // Started as root, mosquitto drops to user `mosquitto`, which cannot read our temporary directory.
        if getuid() == 0 { lines.insert("user root", at: 0) }
        if options.users.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            let passwords = directory.file("passwd")
            _ = FileManager.default.createFile(atPath: passwords, contents: nil)
            for (user, password) in options.users.sorted(by: { $0.key < $1.key }) {
                let result = try Subprocess.run("mosquitto_passwd", ["-b", passwords, user, password])
                guard result.status == 0 else { throw BrokerError.didNotStart("mosquitto_passwd: \(result.stderr)") }
            }
            lines += ["allow_anonymous false", "password_file \(passwords)"]
        }
        if let tls = options.tls {
            lines += ["cafile \(tls.caFile)", "certfile \(tls.serverCertificate)", "keyfile \(tls.serverKey)"]
            if options.requireClientCertificate { lines.append("require_certificate true") }
        }
        if options.persistence {
            lines += ["persistence true", "persistence_location \(directory.path)/", "autosave_interval 0"]
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory.file("mosquitto.conf"), atomically: true, encoding: .utf8)
    }

    /// Runs mosquitto and waits until its port accepts connections (or it exited: port taken, bad config).
    private static func launch(directory: TemporaryDirectory, port: Int) throws -> ChildProcess {
        let process = try ChildProcess(executable, ["-c", directory.file("mosquitto.conf")])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            guard process.isRunning else {
                let log = try? String(contentsOfFile: directory.file("broker.log"), encoding: .utf8)
                throw BrokerError.didNotStart(log ?? "exited")
            }
            if FreePort.accepts(port: port) { return process }
            usleep(20_000)
        }
        process.send(SIGKILL)
        throw BrokerError.didNotStart("port \(port) never accepted connections")
    }

    public enum BrokerError: Error {
        case didNotStart(String)
    }
}
