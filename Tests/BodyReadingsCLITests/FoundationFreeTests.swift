import Foundation
import TestSupport
import Testing

private let sourcesRoot = URL(fileURLWithPath: PackagePaths.file("Sources"))

/// The `bodyreadings` executable must not link full Foundation: it loads FoundationInternationalization and ICU, about
/// 7 MB of RSS, over the 20 MB target of a live stream (docs/performance.md). FoundationEssentials (Date, FileManager)
/// is fine. Checked on the sources, because the test cannot assume a built executable. Every Swift target under
/// `Sources/` is shipped (the test rigs, which may use full Foundation, live in `Tests/Rigs/`), so the list is read
/// from the tree and a new module is covered the day it appears.
@Suite struct FoundationFreeTests {
    static let linkedTargets: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sourcesRoot.path)) ?? []
        return names.filter { name in
            let directory = sourcesRoot.appendingPathComponent(name).path
            let files = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
            return files.contains { $0.hasSuffix(".swift") }
        }.sorted()
    }()
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

    @Test(
        "the list read from Sources/ holds the executable's layers and no test rig",
        .enabled(
            if: FileManager.default.fileExists(atPath: sourcesRoot.appendingPathComponent("Sensors").path),
            "needs the package's Sources directory"))
    func coversTheExecutablesTargets() {
        let list = Set(Self.linkedTargets)
        for target in ["IIO", "Sensors", "Fusion", "Calibration", "BodyReadings", "BodyReadingsCLI", "bodyreadings"] {
            #expect(list.contains(target), "Sources/\(target) missing from the Foundation-free check")
        }
        #expect(list.isDisjoint(with: ["IIODTestServer", "VirtualSensorHub"]), "test rigs belong in Tests/Rigs/")
    }
}
