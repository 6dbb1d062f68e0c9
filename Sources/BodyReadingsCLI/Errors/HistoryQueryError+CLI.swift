import ReadingsStore

/// History parameters that make no query are usage errors naming the flag (`--from`, `--per`, …).
extension HistoryQueryError: CLIErrorConvertible {
    public var cliError: CLIError {
        let message: String
        switch self {
        case .malformedTime(let parameter, let error): message = "--\(parameter.rawValue): \(error)"
        case .unknownGranularity(let text): message = "--per must be minute, hour or day, not '\(text)'"
        case .todayWithRange: message = "--today excludes --from and --to"
        case .endWithoutStart: message = "--to needs a --from"
        case .emptyRange(let start, let end):
            message = "--to (\(TimeText.format(end))) must be after --from (\(TimeText.format(start)))"
        }
        return .usage(message, command: "history")
    }
}
