import Foundation

/// Where the package and its built products are, for tests that read repository files or run an executable.
public enum PackagePaths {
    /// The package's root directory (the one holding `Package.swift`), found from this file's path
    /// (`Tests/Support/PackagePaths.swift`).
    public static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The path of `relative` inside the package, e.g. `"udev/60-bodyreadings.rules"`.
    public static func file(_ relative: String) -> String {
        root + "/" + relative
    }

    /// The executable product `name` (`bodyreadings`, `bodyreadings-test-iiod`, …) as SwiftPM built it next to the
    /// running test bundle (`.build/<triple>/<configuration>/`), or nil when it has not been built.
    public static func builtExecutable(_ name: String) -> String? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
