import SystemSupport

/// Where the store file lives: per user under `$XDG_STATE_HOME`, for the system service under `/var/lib`.
///
/// A user's `bodyreadings serve` writes ``user(environment:)``; the system service (`systemd/bodyreadings.service`,
/// `StateDirectory=bodyreadings`) writes ``system(environment:)``. Readers without a named file take the first of
/// ``candidates(environment:)`` that exists.
public enum StoreLocation {
    /// `$XDG_STATE_HOME/bodyreadings/readings.sqlite`, default `~/.local/state/bodyreadings/readings.sqlite`.
    public static func user(environment: [String: String]) -> String {
        XDGDirectory.state(environment: environment) + "/bodyreadings/readings.sqlite"
    }

    /// `/var/lib/bodyreadings/readings.sqlite`; `BODYREADINGS_SYSTEM_STATE_DIR` replaces `/var/lib/bodyreadings`
    /// (for packaging and tests).
    public static func system(environment: [String: String]) -> String {
        let directory = environment["BODYREADINGS_SYSTEM_STATE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        return (directory ?? "/var/lib/bodyreadings") + "/readings.sqlite"
    }

    /// The user's file, then the system service's.
    public static func candidates(environment: [String: String]) -> [String] {
        [user(environment: environment), system(environment: environment)]
    }

    /// The first candidate that exists, or nil.
    public static func existing(environment: [String: String]) -> String? {
        candidates(environment: environment).first { FileSystem.exists($0) }
    }
}
