import TestSupport

/// A temporary directory standing in for the user's home and the system calibration directory, so that a test's
/// calibration store (`HOME`, `XDG_CONFIG_HOME`, `BODYREADINGS_SYSTEM_CALIBRATION_DIR`) never touches the real ones.
/// Removed with everything in it when the test's suite instance goes away.
struct CalibrationSandbox {
    private let scratch: TemporaryDirectory

    init(prefix: String) throws {
        scratch = try TemporaryDirectory(prefix: prefix)
    }

    /// The directory's path: `HOME`; the user store is `config/bodyreadings/…` in it, the system store `system/`.
    var directory: String { scratch.path }

    /// The environment to run the tool with.
    var environment: [String: String] {
        [
            "HOME": directory, "XDG_CONFIG_HOME": directory + "/config",
            "BODYREADINGS_SYSTEM_CALIBRATION_DIR": directory + "/system",
        ]
    }
}
