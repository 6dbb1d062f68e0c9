import SystemSupport

/// Where the socket of `bodyreadings serve` lives: `/run/bodyreadings/serve.sock` for the system service (the
/// directory systemd makes with `RuntimeDirectory=bodyreadings`), `$XDG_RUNTIME_DIR/bodyreadings/serve.sock` for a
/// user's.
///
/// `BODYREADINGS_SYSTEM_RUNTIME_DIR` replaces `/run/bodyreadings` (for packaging and tests: a test run must not find
/// the service the machine happens to run).
public enum ServiceSocketPath {
    /// The system service's runtime directory when the environment names none.
    public static let defaultSystemDirectory = "/run/bodyreadings"
    /// The variable that replaces ``defaultSystemDirectory``.
    public static let systemDirectoryVariable = "BODYREADINGS_SYSTEM_RUNTIME_DIR"
    /// The socket's file name in its directory.
    public static let fileName = "serve.sock"

    /// The system service's runtime directory: `$BODYREADINGS_SYSTEM_RUNTIME_DIR`, else `/run/bodyreadings`.
    public static func systemDirectory(environment: [String: String]) -> String {
        environment[systemDirectoryVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultSystemDirectory
    }

    /// The system service's socket, `/run/bodyreadings/serve.sock` unless the environment moves the directory.
    public static func system(environment: [String: String]) -> String {
        "\(systemDirectory(environment: environment))/\(fileName)"
    }

    /// The user's socket, `$XDG_RUNTIME_DIR/bodyreadings/serve.sock`; nil without `XDG_RUNTIME_DIR`.
    public static func user(environment: [String: String]) -> String? {
        guard let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty else { return nil }
        return "\(directory)/bodyreadings/\(fileName)"
    }

    /// Where `serve` listens without `--socket`: in the runtime directory systemd made for it
    /// (`$RUNTIME_DIRECTORY`), else the system socket for root, else the user's; nil when none applies.
    public static func server(environment: [String: String], isRoot: Bool) -> String? {
        if let directory = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
            return "\(directory)/\(fileName)"
        }
        return isRoot ? system(environment: environment) : user(environment: environment)
    }

    /// Where a client looks, in order: the user's socket, then the system's.
    public static func candidates(environment: [String: String]) -> [String] {
        (user(environment: environment).map { [$0] } ?? []) + [system(environment: environment)]
    }

    /// The variables of this process that decide where the sockets are, for callers that have no environment of
    /// their own to pass.
    public static var processEnvironment: [String: String] {
        ProcessEnvironment.values(["XDG_RUNTIME_DIR", systemDirectoryVariable, "RUNTIME_DIRECTORY"])
    }
}
