import SystemSupport

/// `bodyreadings generate-support DIR FORMATS.md`: writes the man pages (`DIR/man/man1`, `DIR/man/man5`, the
/// latter from FORMATS.md, docs/formats.md) and the bash, zsh and fish completions (`DIR/completions/`), all from the
/// declarations that parse the command line. The packaging runs it at build time; `--help` does not list it.
enum SupportFiles {
    static let commandName = "generate-support"

    /// Every file, by its path below DIR.
    static func files(formats markdown: String, version: String) throws -> [(path: String, text: String)] {
        let specs = BodyReadingsTool.commands.map(\.spec)
        var files = [(path: String, text: String)]()
        let formatNames = FormatManPage.pages.map(\.name)
        files.append(("man/man1/bodyreadings.1", ManPage.main(specs, formats: formatNames, version: version)))
        for spec in specs {
            let page = ManPage.command(spec, version: version)
            files.append(("man/man1/\(page.name).1", page.text))
        }
        for page in FormatManPage.pages {
            files.append(("man/man5/\(page.name).5", try FormatManPage.render(page, markdown: markdown, version: version)))
        }
        files.append(("completions/bash/bodyreadings", BashCompletion.script(specs, version: version)))
        files.append(("completions/zsh/_bodyreadings", ZshCompletion.script(specs, version: version)))
        files.append(("completions/fish/bodyreadings.fish", FishCompletion.script(specs, version: version)))
        return files
    }

    /// Runs the hidden command with its `arguments` (after the command name).
    static func run(_ arguments: [String], console: Console) throws -> ExitCode {
        guard arguments.count == 2 else {
            throw CLIError.usage("usage: bodyreadings \(commandName) DIR FORMATS.md", command: commandName)
        }
        let (directory, formatsPath) = (arguments[0], arguments[1])
        let markdown: String
        do {
            markdown = String(decoding: try FileSystem.readFile(formatsPath), as: UTF8.self)
        } catch {
            throw CLIError("cannot read \(formatsPath): \(error.reason); name docs/formats.md", exitCode: .ioError)
        }
        let files: [(path: String, text: String)]
        do {
            files = try self.files(formats: markdown, version: BodyReadingsTool.version)
        } catch {
            throw CLIError("\(formatsPath): \(error); give the formats document of this version", exitCode: .dataError)
        }
        for file in files {
            let path = "\(directory)/\(file.path)"
            do {
                try FileSystem.makeDirectories(FileSystem.directoryName(path))
                try FileSystem.writeAtomically(Array(file.text.utf8), to: path)
            } catch {
                throw CLIError("cannot write \(path): \(error); check DIR", exitCode: .ioError)
            }
        }
        return .ok
    }
}
