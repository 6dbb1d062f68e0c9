import Foundation
import TestSupport
import Testing

/// Every example in the README and in `docs/` runs against the built `bodyreadings`, so a document cannot drift from
/// the program: each ```` ```console ```` command's standard output and each ```` ```socket ```` reply must match
/// what the document shows (rules: `docs/README.md`, "Examples").
@Suite("document examples")
struct DocumentExampleTests {
    /// The documents whose examples are run.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.file("docs"))) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let tool = PackagePaths.builtExecutable("bodyreadings")

    @Test("every example block is marked, so that none escapes the test", arguments: documents)
    func everyExampleIsMarked(document: String) throws {
        let text = try String(contentsOfFile: PackagePaths.file(document), encoding: .utf8)
        let unmarked = ExampleBlock.parse(text, document: document).unmarked
        #expect(unmarked.isEmpty, "\(document): blocks at lines \(unmarked) hold `$ ` commands: mark them ```console")
    }

    @Test("the examples print what the document shows", .enabled(if: tool != nil, "needs the built bodyreadings"),
        arguments: documents)
    func examplesMatch(document: String) throws {
        let text = try String(contentsOfFile: PackagePaths.file(document), encoding: .utf8)
        let examples = ExampleBlock.parse(text, document: document).examples
        guard !examples.isEmpty else { return }
        let session = try ExampleSession(document: text, tool: try #require(Self.tool))
        for example in examples {
            switch example.kind {
            case .console: try runConsole(example, in: session)
            case .socket: try runSocket(example, in: session)
            }
        }
    }

    private func runConsole(_ example: ExampleBlock, in session: ExampleSession) throws {
        for step in example.steps {
            guard let command = step.input else {
                Issue.record("\(example): output before the first `$ ` command")
                continue
            }
            let result = try session.run(command)
            let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let output = lines.last == "" ? Array(lines.dropLast()) : lines
            #expect(result.status == 0, "\(example): `\(command)` exited \(result.status): \(result.stderr)")
            let match = ExampleMatch.lines(output, match: step.expected)
            #expect(
                match.matched,
                """
                \(example): `\(command)` printed what the document does not show\
                \(match.failure.map { " (first line not found: \($0))" } ?? ""):
                \(output.prefix(40).joined(separator: "\n"))
                """)
        }
    }

    private func runSocket(_ example: ExampleBlock, in session: ExampleSession) throws {
        let client = try LineSocket(path: session.socket)
        for step in example.steps {
            if let request = step.input { try client.send(request) }
            for expected in step.expected where expected != "…" {
                var skipped: [String] = []
                while true {
                    guard let line = client.nextLine(timeout: 20) else {
                        Issue.record("\(example): no line matching \(expected); skipped \(skipped)")
                        return
                    }
                    if ExampleMatch.line(line, matches: expected) { break }
                    // Updates of a subscription and the drop and gap notices among them interleave with replies:
                    // only they may be passed over.
                    let interleaved = [#"{"reading":"#, #"{"event":"dropped""#, #"{"event":"gap""#]
                    guard interleaved.contains(where: line.hasPrefix) else {
                        Issue.record("\(example): expected \(expected), got \(line)")
                        return
                    }
                    skipped.append(line)
                }
            }
        }
    }
}
