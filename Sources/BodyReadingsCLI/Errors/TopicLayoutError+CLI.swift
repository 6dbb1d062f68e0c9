import Publishing

/// A device id or topic prefix MQTT cannot use is a usage error (exit 64) naming the option.
extension TopicLayoutError: CLIErrorConvertible {
    public var cliError: CLIError {
        switch self {
        case .slashInDeviceID:
            return .usage("\(description); --device-id is one topic level", command: "publish")
        case .empty(let what), .forbiddenCharacter(let what, _, _), .reserved(let what, _),
            .controlCharacter(let what, _, _), .tooLong(let what, _, _):
            let option = what == "device id" ? "--device-id" : "--topic-prefix"
            return .usage("\(option): \(description)", command: "publish")
        }
    }
}
