/// The man pages of `bodyreadings`, in roff (man(7) macros), rendered from the same command and option declarations
/// that parse the arguments and print `--help`: `bodyreadings(1)` lists the subcommands, `bodyreadings-NAME(1)`
/// describes one.
enum ManPage {
    /// The page's file name and text for `spec`.
    static func command(_ spec: CommandSpec, version: String) -> (name: String, text: String) {
        let page = "bodyreadings-\(spec.name)"
        var text = header(page, section: 1, version: version)
        text += ".SH NAME\n\(page) \\- \(escape(spec.overview))\n"
        text += ".SH SYNOPSIS\n.B bodyreadings \(spec.name)\n"
        for option in spec.options {
            let value = option.valueName.map { " \\fI\(escape($0))\\fR" } ?? ""
            text += "[\\fB\(escape(option.name))\\fR\(value)]\n"
        }
        for positional in spec.positionals {
            text += positional.optional ? "[\\fI\(positional.name)\\fR]\n" : "\\fI\(positional.name)\\fR\n"
        }
        text += ".SH DESCRIPTION\n\(escape(spec.overview))\n"
        if !spec.positionals.isEmpty {
            text += ".SH ARGUMENTS\n"
            for positional in spec.positionals {
                text += ".TP\n.I \(positional.name)\n\(escape(positional.help))\n"
            }
        }
        text += ".SH OPTIONS\n"
        for option in spec.options {
            let spelled = option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
            let value = option.valueName.map { " \\fI\(escape($0))\\fR" } ?? ""
            text += ".TP\n\(spelled)\(value)\n\(escape(option.help))\n"
            if !option.choices.isEmpty {
                text += "One of: \(option.choices.map(escape).joined(separator: ", ")).\n"
            }
        }
        text += ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow help information.\n"
        if let discussion = spec.discussion { text += paragraphs(discussion) }
        text += ".SH SEE ALSO\n.BR bodyreadings (1)\n"
        return (page, text)
    }

    /// `bodyreadings(1)`: the program, its subcommands and the pages that say more.
    static func main(_ commands: [CommandSpec], formats: [String], version: String) -> String {
        var text = header("bodyreadings", section: 1, version: version)
        text += ".SH NAME\nbodyreadings \\- device motion, steps and heart rate from Linux IIO sensors\n"
        text += ".SH SYNOPSIS\n.B bodyreadings\n\\fIsubcommand\\fR [\\fIoptions\\fR]\n.br\n"
        text += ".B bodyreadings \\-\\-version\n.br\n.B bodyreadings help\n\\fIsubcommand\\fR\n"
        text += ".SH DESCRIPTION\nCoreMotion\\-style device motion for Linux: attitude, gravity and user acceleration "
            + "fused from the IIO accelerometer, gyroscope and magnetometer; steps and heart rate.\n"
        text += ".SH SUBCOMMANDS\n"
        for spec in commands {
            text += ".TP\n.B \(spec.name)\n\(escape(spec.overview)) See\n.BR bodyreadings\\-\(spec.name) (1).\n"
        }
        text += ".SH OPTIONS\n.TP\n\\fB\\-\\-version\\fR\nShow the version.\n"
        text += ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow help information.\n"
        text += ".SH FILES\n.TP\n.I /usr/share/doc/bodyreadings/\nThe calibration schema and examples, the hwdb "
            + "mount\\-matrix example.\n"
        text += ".SH SEE ALSO\n"
        let pages = commands.map { "bodyreadings-\($0.name) (1)" } + formats.map { "\($0) (5)" }
        text += pages.map { ".BR \(escape($0))" }.joined(separator: ",\n") + "\n"
        return text
    }

    /// The `.TH` line, and left adjustment: the help texts hold long unbreakable words (JSON, URLs) that justified
    /// lines could not fit.
    static func header(_ page: String, section: Int, version: String) -> String {
        ".TH \(escape(page.uppercased())) \(section) \"\" \"bodyreadings \(version)\" \"BodyReadings\"\n.ad l\n"
    }

    /// A help discussion as man paragraphs: a block of lines indented by two spaces (examples, tables) is kept as
    /// written; any other block is a paragraph, and one that starts with `WORD:` in capitals gets that as a heading.
    static func paragraphs(_ discussion: String) -> String {
        var text = ""
        for block in discussion.split(separator: "\n\n").map(String.init) {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let first = lines.first else { continue }
            if first.hasPrefix("  ") {
                text += ".PP\n.nf\n" + lines.map { escape(String($0.drop(while: { $0 == " " }))) }
                    .map { "  \($0)" }.map(lineSafe).joined(separator: "\n") + "\n.fi\n"
                continue
            }
            var body = lines
            if let colon = first.firstIndex(of: ":"), first[..<colon].allSatisfy({ $0.isUppercase || $0 == " " }),
                !first[..<colon].isEmpty
            {
                text += ".SS \(escape(String(first[..<colon])))\n"
                let rest = first[first.index(after: colon)...].drop(while: { $0 == " " })
                body[0] = String(rest)
                if body[0].isEmpty, body.count > 1, body[1].hasPrefix("  ") {
                    text += ".nf\n" + body.dropFirst().map { lineSafe(escape(String($0.drop(while: { $0 == " " })))) }
                        .map { "  \($0)" }.joined(separator: "\n") + "\n.fi\n"
                    continue
                }
            } else {
                text += ".PP\n"
            }
            text += body.filter { !$0.isEmpty }.map { lineSafe(escape($0)) }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// `text` with roff's special characters made literal: backslashes and hyphens.
    static func escape(_ text: String) -> String {
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    }

    /// A text line that roff would take for a request (it starts with `.` or `'`) made literal.
    static func lineSafe(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
