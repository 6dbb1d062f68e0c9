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

    /// Where the shared data set `subdirectory` (of `../shared/data/`) may be, in order: `$environmentVariable`,
    /// `../shared/data/<subdirectory>` beside the package, then the same beside the main checkout when the package is
    /// a git worktree (`.git` is a file naming `<main>/.git/worktrees/<name>`). Standardised paths; they may not exist.
    public static func sharedDataCandidates(_ subdirectory: String, environmentVariable: String) -> [String] {
        var candidates = [ProcessInfo.processInfo.environment[environmentVariable]].compactMap { $0 }
        candidates.append(root + "/../shared/data/" + subdirectory)
        if let main = mainCheckout { candidates.append(main + "/../shared/data/" + subdirectory) }
        return candidates.map { URL(fileURLWithPath: $0).standardized.path }
    }

    /// The main checkout when the package is a git worktree, else nil.
    private static var mainCheckout: String? {
        guard let text = try? String(contentsOfFile: root + "/.git", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("gitdir: ")
        else { return nil }
        // <main>/.git/worktrees/<name> → <main>
        var url = URL(fileURLWithPath: String(line.dropFirst("gitdir: ".count)))
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }
}
