import Foundation
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// The man pages and shell completions generated from the option declarations (`bodyreadings generate-support`):
/// every command and option is in them, the format pages come from docs/formats.md, and bash completes from the
/// generated script.
@Suite("Support files")
struct SupportFilesTests {
    static let formats = (try? String(contentsOfFile: PackagePaths.file("docs/formats.md"), encoding: .utf8)) ?? ""
    static let files: [String: String] = {
        let list = (try? SupportFiles.files(formats: formats, version: "9.9.9")) ?? []
        return Dictionary(list.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    }()

    @Test func everyCommandHasAPageWithEveryOption() throws {
        for command in BodyReadingsTool.commands.map(\.spec) {
            let page = try #require(Self.files["man/man1/bodyreadings-\(command.name).1"], "\(command.name)")
            #expect(page.hasPrefix(".TH BODYREADINGS\\-\(command.name.uppercased().replacing("-", with: "\\-")) 1"))
            for option in command.options {
                #expect(page.contains("\\fB\(ManPage.escape(option.name))\\fR"), "\(command.name) \(option.name)")
            }
            #expect(try #require(Self.files["man/man1/bodyreadings.1"]).contains(".B \(command.name)\n"))
        }
    }

    @Test func formatPagesAreMadeOfFormatsMD() throws {
        let recording = try #require(Self.files["man/man5/bodyreadings-recording.5"])
        #expect(recording.contains(".SH RECORDING"))
        #expect(recording.contains("\\fBaccel_x\\fR"))
        let calibration = try #require(Self.files["man/man5/bodyreadings-calibration.5"])
        #expect(calibration.contains("\\fBgyroscope.bias\\fR"))
        #expect(throws: FormatManPage.MissingSection.self) {
            try FormatManPage.render(FormatManPage.pages[0], markdown: "# File formats\n", version: "1")
        }
    }

    /// groff reads every page without a warning (what lintian's man check runs).
    @Test(.enabled(if: Subprocess.locate("groff") != nil, "needs groff"))
    func groffHasNoWarnings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("support-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (path, text) in Self.files where path.hasPrefix("man/") {
            let file = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try Subprocess.run(
                "/bin/sh", ["-c", "preconv -e UTF-8 \"$1\" | groff -man -ww -z -Tutf8", "sh", file.path],
                environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(path): \(result.stderr)")
        }
    }

    /// What bash offers for `line` (the word under the cursor last) from the generated script alone.
    func bashCompletes(_ line: String) throws -> [String] {
        let script = try #require(Self.files["completions/bash/bodyreadings"])
        let program = """
            compopt() { :; }
            \(script)
            read -ra COMP_WORDS <<<"$1"
            [ "${1: -1}" = " " ] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _bodyreadings
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Subprocess.run("/bin/bash", ["-c", program, "bash", line], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesSubcommandsOptionsAndValues() throws {
        #expect(try bashCompletes("bodyreadings st") == ["steps", "stream"])
        #expect(try bashCompletes("bodyreadings stream --format ") == ["csv", "human", "jsonl"])
        #expect(try bashCompletes("bodyreadings history steps --per h") == ["hour"])
        #expect(try bashCompletes("bodyreadings stream --source s") == ["serve", "serve:", "sim"])
        #expect(try bashCompletes("bodyreadings serve --counter ") == ["auto", "hardware", "software"])
        #expect(try bashCompletes("bodyreadings fuse --no-m") == ["--no-magnetometer"])
        #expect(try bashCompletes("bodyreadings calibrate s") == ["show"])
    }

    @Test func zshAndFishNameEveryCommand() throws {
        let zsh = try #require(Self.files["completions/zsh/_bodyreadings"])
        let fish = try #require(Self.files["completions/fish/bodyreadings.fish"])
        #expect(zsh.hasPrefix("#compdef bodyreadings\n"))
        for command in BodyReadingsTool.commands.map(\.spec) {
            #expect(zsh.contains("    \(command.name))\n"))
            #expect(fish.contains("-a \(command.name) -d"))
        }
        #expect(zsh.contains("'--format[human (default on a terminal one live line), csv (default otherwise) or jsonl.]"))
        #expect(fish.contains("-l format -x -a 'human csv jsonl'"))
    }
}
