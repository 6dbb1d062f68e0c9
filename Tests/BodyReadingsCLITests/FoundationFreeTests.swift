import Foundation
import Testing

private let sourcesRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

/// The `bodyreadings` executable must not link full Foundation: it loads FoundationInternationalization and ICU,
/// about 7 MB of RSS, over DESIGN.md's 20 MB for a live stream. FoundationEssentials (Date, FileManager) is fine.
/// Checked on the sources, because the test cannot assume a built executable.
@Suite struct FoundationFreeTests {
    static let linkedTargets = [
        "IIO", "Sensors", "MotionMath", "Fusion", "MotionSimulation", "Calibration", "BodyReadings", "BodyReadingsCLI",
        "bodyreadings",
    ]
    static let heavyModules: Set<String> = [
        "Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    ]
    static let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]

    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: sourcesRoot.appendingPathComponent("Sensors").path),
        "needs the package's Sources directory"),
        arguments: linkedTargets)
    func targetImportsNoFullFoundation(target: String) throws {
        let directory = sourcesRoot.appendingPathComponent(target)
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory.path))
        var offenders: [String] = []
        var files = 0
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files += 1
            let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard var index = words.firstIndex(of: "import") else { continue }
                index += 1
                // `import struct Foundation.Date` names the module after the kind.
                if index < words.count, Self.kinds.contains(words[index]) { index += 1 }
                guard index < words.count else { continue }
                let module = String(words[index].split(separator: ".").first ?? "")
                if Self.heavyModules.contains(module) { offenders.append("\(target)/\(relative): \(line)") }
            }
        }
        #expect(files > 0, "no Swift files in Sources/\(target)")
        #expect(offenders.isEmpty, "import FoundationEssentials, Glibc or Dispatch instead: \(offenders)")
    }
}
