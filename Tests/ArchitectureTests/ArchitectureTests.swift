import Foundation
import TestSupport
import Testing

/// The layering of `docs/architecture.md`'s table, `Package.swift` and the `import` lines of `Sources/` agree, and the
/// shipped code keeps the rules of that document: files of at most 400 lines, one POSIX funnel, one type per concept.
@Suite("architecture")
struct ArchitectureTests {
    /// Modules of the toolchain any file may import.
    static let toolchain: Set<String> = ["Swift", "Glibc", "Darwin", "Musl", "Dispatch", "FoundationEssentials"]

    /// The shipped targets of `Package.swift` (those without a `path:`, i.e. in `Sources/`) and their dependencies.
    static func packageTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: PackagePaths.file("Package.swift"), encoding: .utf8)
        // Only the declarations in `targets: [ … ]`, not the fuzzing block after it.
        let declarations = text.components(separatedBy: "swiftLanguageModes")[0]
        let pattern = try NSRegularExpression(
            pattern: #"\.(target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(.*?)\)(?=,\s*(?:\n\s*//[^\n]*)*\s*(?:\.|\]))"#,
            options: [.dotMatchesLineSeparators])
        var targets: [String: Set<String>] = [:]
        let range = NSRange(declarations.startIndex..., in: declarations)
        for match in pattern.matches(in: declarations, range: range) {
            guard let nameRange = Range(match.range(at: 2), in: declarations),
                let restRange = Range(match.range(at: 3), in: declarations)
            else { continue }
            let rest = String(declarations[restRange])
            if rest.contains("path:") { continue }
            var dependencies = Set<String>()
            if let open = rest.range(of: "dependencies:"), let list = rest[open.upperBound...].firstIndex(of: "["),
                let close = rest[list...].firstIndex(of: "]")
            {
                for piece in rest[rest.index(after: list)..<close].split(separator: ",") {
                    let name = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"")))
                    if !name.isEmpty { dependencies.insert(name) }
                }
            }
            targets[String(declarations[nameRange])] = dependencies
        }
        return targets
    }

    /// The table between `<!-- architecture-table -->` and `<!-- /architecture-table -->` in `docs/architecture.md`.
    static func documentedTable() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: PackagePaths.file("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "<!-- architecture-table -->"),
            let end = text.range(of: "<!-- /architecture-table -->")
        else { return [:] }
        var table: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let names = { (cell: String) in
                Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `—")) }
                    .filter { !$0.isEmpty })
            }
            if let target = names(cells[0]).first { table[target] = names(cells[1]) }
        }
        return table
    }

    /// Every `.swift` file below `directory`, relative to the package root.
    static func swiftFiles(_ directory: String) -> [String] {
        let root = PackagePaths.file(directory)
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(directory + "/" + path) }
        }
        return files.sorted()
    }

    /// The modules a file imports (`import X`, `import struct X.Y`, with any attribute).
    static func imports(_ path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: PackagePaths.file(path), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#,
            options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    @Test("docs/architecture.md's table is Package.swift's layering of the shipped targets")
    func documentedTableEqualsPackage() throws {
        let package = try Self.packageTargets()
        let documented = try Self.documentedTable()
        #expect(package.count >= 20, "the parser found the targets: \(package.keys.sorted())")
        #expect(
            Set(documented.keys) == Set(package.keys),
            "targets: docs/architecture.md \(documented.keys.sorted()), Package \(package.keys.sorted())")
        for (target, dependencies) in package {
            #expect(
                documented[target] == dependencies,
                """
                \(target): docs/architecture.md \(documented[target]?.sorted() ?? []), \
                Package \(dependencies.sorted())
                """)
        }
    }

    @Test("every file imports only what its target depends on, and every dependency is imported")
    func importsFollowTheLayering() throws {
        for (target, dependencies) in try Self.packageTargets() {
            let files = Self.swiftFiles("Sources/\(target)")
            var used = Set<String>()
            for file in files {
                let modules = try Self.imports(file).subtracting(Self.toolchain)
                used.formUnion(modules)
                let stray = modules.subtracting(dependencies)
                #expect(stray.isEmpty, "\(file) imports \(stray.sorted()), which \(target) does not depend on")
            }
            if !files.isEmpty {
                let unused = dependencies.subtracting(used)
                #expect(unused.isEmpty, "\(target) depends on \(unused.sorted()) without importing it")
            }
        }
    }

    @Test("no shipped file is over 400 lines")
    func filesStaySmall() throws {
        for file in Self.swiftFiles("Sources") {
            let lines = try String(contentsOfFile: PackagePaths.file(file), encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count
            #expect(lines <= 401, "\(file): \(lines) lines")
        }
    }

    @Test("EINTR is retried only in SystemSupport's funnel")
    func oneFunnel() throws {
        for file in Self.swiftFiles("Sources") where !file.hasPrefix("Sources/SystemSupport/") {
            let text = try String(contentsOfFile: PackagePaths.file(file), encoding: .utf8)
            let loops = text.split(separator: "\n").filter {
                $0.contains("EINTR") && ($0.contains("==") || $0.contains("while") || $0.contains("repeat"))
            }
            #expect(loops.isEmpty, "\(file) retries EINTR itself: \(loops)")
        }
    }

    @Test("one type per concept: JSONValue, IMUSample, Matrix3, SplitMix64 are declared once")
    func oneVocabulary() throws {
        let files = Self.swiftFiles("Sources") + Self.swiftFiles("Tests")
        var declarations: [String: [String]] = [:]
        let pattern = try NSRegularExpression(
            pattern: #"^\s*(?:public |package |internal |fileprivate |private )?(?:final )?(?:struct|enum|class)\s+(JSONValue|IMUSample|Matrix3|SplitMix64|InertialSample|CalibrationMatrix)\b"#,
            options: [.anchorsMatchLines])
        for file in files {
            let text = try String(contentsOfFile: PackagePaths.file(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { declarations[String(text[range]), default: []].append(file) }
            }
        }
        for name in ["JSONValue", "IMUSample", "Matrix3", "SplitMix64"] {
            #expect(declarations[name]?.count == 1, "\(name): \(declarations[name] ?? [])")
        }
        #expect(declarations["InertialSample"] == nil && declarations["CalibrationMatrix"] == nil, "\(declarations)")
    }
}
