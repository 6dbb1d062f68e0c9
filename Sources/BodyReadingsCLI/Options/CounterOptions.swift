import BodyReadings

/// `--counter auto|hardware|software`, shared by `steps`, `serve` and `dashboard`.
enum CounterOptions {
    /// The choice the arguments make (default `.automatic`).
    static func choice(_ arguments: ParsedArguments) throws(CLIError) -> StepCounterChoice {
        try arguments.choice(.counter).flatMap(StepCounterChoice.init(rawValue:)) ?? .automatic
    }
}
