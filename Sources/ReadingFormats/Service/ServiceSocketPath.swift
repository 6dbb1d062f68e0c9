/// Where the socket of `bodyreadings serve` lives: `/run/bodyreadings/serve.sock` for the system service (the
/// directory systemd makes with `RuntimeDirectory=bodyreadings`), `$XDG_RUNTIME_DIR/bodyreadings/serve.sock` for a
/// user's.
public enum ServiceSocketPath {
    /// The system service's socket.
    public static let system = "/run/bodyreadings/serve.sock"
    /// The socket's file name in its directory.
    public static let fileName = "serve.sock"

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
        return isRoot ? system : user(environment: environment)
    }

    /// Where a client looks, in order: the user's socket, then the system's.
    public static func candidates(environment: [String: String]) -> [String] {
        (user(environment: environment).map { [$0] } ?? []) + [system]
    }
}
