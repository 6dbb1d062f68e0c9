import Foundation

/// The environment every child a test starts runs with: the test runner's, without the machine's runtime
/// directories. `XDG_RUNTIME_DIR` is dropped unless the test sets it, and the system service's runtime directory
/// (`BODYREADINGS_SYSTEM_RUNTIME_DIR`, default `/run/bodyreadings`) is one that does not exist, so that no child finds
/// a `bodyreadings serve` the machine happens to run.
public enum ChildEnvironment {
    /// The system runtime directory children see: never created.
    public static let systemRuntimeDirectory = "/nonexistent/bodyreadings"

    /// `given` (a test's own environment for the child), else the runner's without `XDG_RUNTIME_DIR`; with the
    /// system runtime directory set unless `given` sets it.
    public static func make(_ given: [String: String]? = nil) -> [String: String] {
        var environment = given ?? ProcessInfo.processInfo.environment.filter { $0.key != "XDG_RUNTIME_DIR" }
        if environment["BODYREADINGS_SYSTEM_RUNTIME_DIR"] == nil {
            environment["BODYREADINGS_SYSTEM_RUNTIME_DIR"] = systemRuntimeDirectory
        }
        return environment
    }
}
