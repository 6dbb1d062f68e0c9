/// Section-5 man pages for the file formats, rendered from docs/formats.md so that the contract is written once:
/// each page is made of named `## ` sections of that document, converted from its Markdown (paragraphs, lists,
/// tables, code blocks, inline code, emphasis and links) to roff.
enum FormatManPage {
    /// A page: its name, summary line and the sections of formats.md it is made of.
    struct Page {
        var name: String
        var summary: String
        var sections: [String]
    }

    /// The format pages the package installs.
    static let pages = [
        Page(
            name: "bodyreadings-recording", summary: "the recording format of bodyreadings (CSV samples)",
            sections: ["Recording", "Units and frames"]),
        Page(
            name: "bodyreadings-calibration", summary: "the calibration file of bodyreadings (JSON)",
            sections: ["Calibration file"]),
    ]

    /// Why a page could not be made.
    struct MissingSection: Error, CustomStringConvertible {
        var section: String
        var description: String { "docs/formats.md has no section '## \(section)'" }
    }

    /// The roff of `page` from `markdown` (the text of docs/formats.md).
    static func render(_ page: Page, markdown: String, version: String) throws(MissingSection) -> String {
        var text = ManPage.header(page.name, section: 5, version: version)
        text += ".SH NAME\n\(ManPage.escape(page.name)) \\- \(ManPage.escape(page.summary))\n"
        for name in page.sections {
            guard let body = section(name, of: markdown) else { throw MissingSection(section: name) }
            text += ".SH \(ManPage.escape(name.uppercased()))\n" + roff(body)
        }
        text += ".SH SEE ALSO\n.BR bodyreadings (1)\n"
        return text
    }

    /// The lines of the `## name` section, without its heading.
    static func section(_ name: String, of markdown: String) -> [String]? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "## \(name)") else { return nil }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex(where: { $0.hasPrefix("## ") || $0.hasPrefix("# ") }) ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    /// Markdown block structure to roff: blank lines end paragraphs, ``` fences are kept as written, `|` rows
    /// become tagged paragraphs (first cell the tag), `- ` items bulleted paragraphs.
    static func roff(_ lines: [String]) -> String {
        var text = ""
        var inCode = false
        var paragraph: [String] = []
        func flush() {
            guard !paragraph.isEmpty else { return }
            text += ".PP\n" + paragraph.map { ManPage.lineSafe(inline($0)) }.joined(separator: "\n") + "\n"
            paragraph = []
        }
        for line in lines {
            if line.hasPrefix("```") {
                flush()
                text += inCode ? ".fi\n.RE\n" : ".PP\n.RS 2\n.nf\n"
                inCode.toggle()
            } else if inCode {
                text += ManPage.lineSafe(ManPage.escape(line)) + "\n"
            } else if line.hasPrefix("|") {
                flush()
                let cells = line.split(separator: "|").map { trim(String($0)) }
                guard !cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) else { continue }
                let tag = cells.first ?? ""
                text += ".TP\n\(ManPage.lineSafe(inline(tag)))\n"
                text += ManPage.lineSafe(inline(cells.dropFirst().filter { !$0.isEmpty }.joined(separator: "; "))) + "\n"
            } else if line.hasPrefix("- ") {
                flush()
                text += ".IP \\(bu 2\n\(ManPage.lineSafe(inline(String(line.dropFirst(2)))))\n"
            } else if line.hasPrefix("  "), text.hasSuffix("\n"), paragraph.isEmpty, !text.isEmpty {
                text += ManPage.lineSafe(inline(trim(line))) + "\n"
            } else if trim(line).isEmpty {
                flush()
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return text
    }

    /// Inline Markdown to roff: `code` and **strong** in bold, [text](link) as its text.
    static func inline(_ markdown: String) -> String {
        var text = ""
        var bold = false
        var index = markdown.startIndex
        while index < markdown.endIndex {
            let character = markdown[index]
            if character == "`" || markdown[index...].hasPrefix("**") {
                text += bold ? "\\fR" : "\\fB"
                bold.toggle()
                index = markdown.index(index, offsetBy: character == "`" ? 1 : 2)
                continue
            }
            if character == "[", let close = markdown[index...].firstIndex(of: "]"),
                markdown[markdown.index(after: close)...].hasPrefix("("),
                let end = markdown[close...].firstIndex(of: ")")
            {
                text += inline(String(markdown[markdown.index(after: index)..<close]))
                index = markdown.index(after: end)
                continue
            }
            text += ManPage.escape(String(character))
            index = markdown.index(after: index)
        }
        return bold ? text + "\\fR" : text
    }

    /// `text` without leading and trailing spaces.
    static func trim(_ text: String) -> String {
        String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
