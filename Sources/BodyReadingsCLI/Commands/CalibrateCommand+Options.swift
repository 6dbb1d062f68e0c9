/// Which options each `calibrate` action takes, and the combinations that contradict each other: all checked before
/// a source or file is opened, so that a wrong command line fails at once with exit 64.
extension CalibrateCommand {
    /// The options each action takes; the others are refused, naming the action.
    static let accepted: [String: Set<String>] = {
        let source: [OptionSpec] = [.source, .uri, .seed, .sensor, .calibration]
        let estimate = source + [.fast, .timeout, .dryRun, .json]
        let actions: [String: [OptionSpec]] = [
            "gyro": estimate + [.duration],
            "accel": estimate + [.level, .free],
            "magnetometer": estimate + [.duration],
            "show": source + [.json],
            "reset": source,
        ]
        return actions.mapValues { Set($0.map(\.name)) }
    }()

    /// Refuses, before anything is opened, the options `action` does not take and combinations that contradict each
    /// other: live-only options from a recording, --level with --free, a --duration the --timeout cuts short, and
    /// the sensor or source of `reset` beside the file it removes.
    static func checkOptions(_ action: String, _ arguments: ParsedArguments) throws(CLIError) {
        let accepted = accepted[action] ?? []
        let others = command.spec.options.filter { !accepted.contains($0.name) }
        try arguments.refuse(others, for: "'calibrate \(action)'")
        if action == "reset", arguments.has(.calibration) {
            try arguments.refuse(
                [.sensor, .source, .uri, .seed],
                for: "'calibrate reset --calibration FILE' (it removes that file)")
        }
        guard action != "show", action != "reset" else { return }
        if arguments.has(.level), arguments.has(.free) {
            throw .usage("--level and --free exclude each other", command: "calibrate")
        }
        if try replayPath(arguments) != nil {
            try arguments.refuse(
                [.duration, .timeout, .free], for: "a recording (replay:FILE): it is for a live source")
            return
        }
        let timeout = try timeout(for: action, arguments)
        if let duration = try arguments.double(.duration, in: 0.5...3600), duration > timeout {
            let given = arguments.has(.timeout)
                ? "--timeout \(arguments.value(.timeout) ?? "")" : "the default timeout of \(format(timeout, 0)) s"
            throw .usage(
                "--duration \(arguments.value(.duration) ?? "") is longer than \(given): the calibration would "
                    + "give up first; shorten --duration or raise --timeout", command: "calibrate")
        }
    }

    /// `--timeout`, or the action's default: the sample-time limit of a guided session, s.
    static func timeout(for action: String, _ arguments: ParsedArguments) throws(CLIError) -> Double {
        try arguments.double(.timeout, in: 1...86_400) ?? defaultTimeouts[action, default: 60]
    }

}
