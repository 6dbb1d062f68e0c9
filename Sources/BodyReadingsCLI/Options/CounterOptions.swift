import BodyReadings

/// `--counter auto|hardware|software`, shared by `steps` and `serve`.
enum CounterOptions {
    /// The option.
    static let counter = OptionSpec(
        ["--counter"], value: "COUNTER",
        help: "Which counter counts steps: auto (default: the hardware step counter when there is one), hardware or "
            + "software (the step detector on the accelerometer).")

    /// The choice the arguments make (default `.automatic`).
    static func choice(_ arguments: ParsedArguments) throws(CLIError) -> StepCounterChoice {
        try arguments.choice("--counter", among: StepCounterChoice.allCases.map(\.rawValue))
            .flatMap(StepCounterChoice.init(rawValue:)) ?? .automatic
    }
}
