/// Why history parameters do not make a ``HistoryQuery``. Parameters are named as the HTTP API spells them (`from`,
/// `to`, `per`); the CLI puts `--` in front.
public enum HistoryQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameters a history takes.
    public enum Parameter: String, Sendable, Hashable {
        case from, to, per, today
    }

    /// A `from` or `to` that is not a time ``TimeText`` reads.
    case malformedTime(parameter: Parameter, TimeTextError)
    /// A `per` that is not `minute`, `hour` or `day`.
    case unknownGranularity(String)
    /// `today` together with `from` or `to`.
    case todayWithRange
    /// A `to` without a `from`.
    case endWithoutStart
    /// A `to` at or before the `from` (Unix times, s).
    case emptyRange(start: Double, end: Double)

    /// The parameter at fault.
    public var parameter: Parameter {
        switch self {
        case .malformedTime(let parameter, _): return parameter
        case .unknownGranularity: return .per
        case .todayWithRange: return .today
        case .endWithoutStart, .emptyRange: return .to
        }
    }

    /// One line, e.g. `per must be minute, hour or day, not 'week'`.
    public var description: String {
        switch self {
        case .malformedTime(let parameter, let error): return "\(parameter.rawValue): \(error)"
        case .unknownGranularity(let text): return "per must be minute, hour or day, not '\(text)'"
        case .todayWithRange: return "today excludes from and to"
        case .endWithoutStart: return "to needs a from"
        case .emptyRange(let start, let end):
            return "to (\(TimeText.format(end))) must be after from (\(TimeText.format(start)))"
        }
    }
}
