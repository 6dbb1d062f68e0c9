import ReadingFormats

extension OutputFile {
    /// Runs `body`, which writes to `file` (nil: stdout); when it throws, first hands over what `flush` holds (the
    /// rows before a bad input row are all kept, and stdout, which got the rows in pieces cut anywhere, ends on a
    /// whole row), gives the file up (`abandon()`: an existing file stays as it was, a new one keeps its complete
    /// lines) and rethrows the error with what is at the path added to its line. Every command writing rows runs
    /// its pipeline through this.
    static func abandoningOnFailure<Result>(
        _ file: OutputFile?, flush: () throws -> Void, _ body: () throws -> Result
    ) throws -> Result {
        do {
            return try body()
        } catch {
            try? flush()
            guard let file else { throw error }
            throw explained(error, left: file.abandon(), path: file.path)
        }
    }

    /// `error` with what a failed run left at `path` appended to its message (other errors unchanged).
    static func explained(_ error: any Error, left: Abandoned, path: String) -> any Error {
        let what: String
        switch left {
        case .unchanged(existed: true): what = "'\(path)' was left as it was"
        case .unchanged(existed: false): what = "'\(path)' was not created"
        case .prefix(let lines): what = "'\(path)' holds the \(lines) complete lines written before the failure"
        }
        if let error = error as? CLIError { return CLIError(error.message + " (\(what))", exitCode: error.exitCode) }
        if let error = error as? any CLIErrorConvertible {
            return CLIError(error.cliError.message + " (\(what))", exitCode: error.cliError.exitCode)
        }
        return error
    }
}
