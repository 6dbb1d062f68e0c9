import Foundation
import TestSupport
import Testing

private let sourcesRoot = URL(fileURLWithPath: PackagePaths.file("Sources"))

/// Library errors and diagnostics speak library terms (reasons and values): only the CLI names its options, its
/// commands and the udev rules, in one table per error type (`BodyReadingsCLI/Errors/`). Checked on the string
/// literals of every other target under `Sources/` (comments may name the CLI: they explain, they are not shown).
@Suite struct LibraryTermsTests {
    /// The targets below the CLI, read from the tree so that a new module is covered the day it appears.
    static let libraryTargets: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sourcesRoot.path)) ?? []
        return names.filter { !["BodyReadingsCLI", "bodyreadings"].contains($0) }.filter { name in
            let files = FileManager.default.enumerator(atPath: sourcesRoot.appendingPathComponent(name).path)?
                .allObjects as? [String] ?? []
            return files.contains { $0.hasSuffix(".swift") }
        }.sorted()
    }()

    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: sourcesRoot.appendingPathComponent("Sensors").path),
        "needs the package's Sources directory"),
        arguments: libraryTargets)
    func noCLITermsInStringLiterals(target: String) throws {
        let directory = sourcesRoot.appendingPathComponent(target)
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory.path))
        // An option (`--interval`), a command line (`bodyreadings calibrate …`), or the fixes for device access.
        let cliTerms = #/(^|[^\w-])--[a-z]|\bbodyreadings (calibrate|stream|record|fuse|available|info|benchmark|serve|steps|heart-rate|history|dashboard)\b|60-bodyreadings\.rules|usermod|systemctl/#
        var offenders: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
                for literal in code.matches(of: #/"(?:[^"\\]|\\.)*"/#) where literal.output.contains(cliTerms) {
                    offenders.append("\(target)/\(relative):\(number + 1): \(literal.output)")
                }
            }
        }
        #expect(offenders.isEmpty, "name the fix in the CLI's Errors/ table instead: \(offenders)")
    }
}
