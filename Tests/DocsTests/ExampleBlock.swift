/// One example of a document: a fenced block whose info string says how `DocumentExampleTests` runs it.
///
/// - ```` ```console ````: lines starting with `$ ` are shell commands; the lines after each, up to the next command,
///   are what it prints on standard output.
/// - ```` ```socket ````: a conversation with `bodyreadings serve`'s Unix socket; lines starting with `> ` are sent,
///   the others are the lines the service sends back.
struct ExampleBlock: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
        case console
        case socket
    }

    /// One command (console) or one request (socket) with the lines expected after it.
    struct Step: Sendable {
        /// The command or the request; nil for lines the service sends before any request (its `hello`).
        var input: String?
        var expected: [String]
    }

    var kind: Kind
    var document: String
    /// The line of the opening fence, 1-based.
    var line: Int
    var steps: [Step]

    var description: String { "\(document):\(line)" }

    /// The examples of a Markdown text, and the fenced blocks that look like an example but are not marked as one
    /// (a `$ ` line in a block without `console`), by their opening line.
    static func parse(_ text: String, document: String) -> (examples: [ExampleBlock], unmarked: [Int]) {
        var examples: [ExampleBlock] = []
        var unmarked: [Int] = []
        var open: (info: String, line: Int, fence: String)?
        var body: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.drop(while: { $0 == " " })
            if let current = open {
                if trimmed.hasPrefix(current.fence) && trimmed.allSatisfy({ $0 == "`" || $0 == "~" }) {
                    if let kind = Kind(rawValue: current.info) {
                        examples.append(
                            ExampleBlock(kind: kind, document: document, line: current.line, steps: steps(kind, body)))
                    } else if ["", "sh", "shell", "bash"].contains(current.info),
                        body.contains(where: { $0.hasPrefix("$ ") })
                    {
                        unmarked.append(current.line)
                    }
                    open = nil
                    body = []
                } else {
                    body.append(line)
                }
            } else if trimmed.hasPrefix("```") {
                let fence = String(trimmed.prefix(while: { $0 == "`" }))
                let info = trimmed.dropFirst(fence.count).split(separator: " ").first.map(String.init) ?? ""
                open = (info, index + 1, fence)
            }
        }
        return (examples, unmarked)
    }

    private static func steps(_ kind: Kind, _ lines: [String]) -> [Step] {
        let prompt = kind == .console ? "$ " : "> "
        var steps: [Step] = []
        for line in lines {
            if line.hasPrefix(prompt) {
                steps.append(Step(input: String(line.dropFirst(prompt.count)), expected: []))
            } else if steps.isEmpty {
                steps.append(Step(input: nil, expected: [line]))
            } else {
                steps[steps.count - 1].expected.append(line)
            }
        }
        return steps
    }
}
