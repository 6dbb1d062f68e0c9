import Sensors

/// `bodyreadings available`: which motion sensors exist, like CMMotionManager's `is…Available` properties.
enum AvailableCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "available",
            overview: "Say whether accelerometer, gyroscope, magnetometer, device motion and heart rate are available.",
            options: [.uri, .json],
            discussion: """
                Device motion needs an accelerometer and a gyroscope; the magnetometer is optional. Steps come from a \
                hardware step counter (in_steps_input, e.g. a BMA400) or are counted from the accelerometer; --json \
                has "steps" (either) and "step_counter" (a hardware counter). Heart rate needs a pulse sensor \
                (max30100, max30102, max30105, afe4403, afe4404); altitude and flights climbed a barometer (an IIO device with a \
                pressure channel: bmp280, bme280, dps310, lps22hb, …). None of them changes the exit status.

                EXIT STATUS:
                  0   device motion is available
                  1   it is not (no accelerometer or no gyroscope, or no IIO devices at all)
                  64  malformed --uri or missing xml: file    65  malformed xml: file or attribute value
                  69  context unreachable or sensor unusable  77  permission denied (see docs/install.md)
                """),
        run: run)

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        try InventoryAnswer.write(
            arguments, console, json: SensorJSON.availability, text: text,
            status: { $0.isDeviceMotionAvailable ? .ok : .notAvailable })
    }

    /// The human answer: one line per motion sensor, then device motion, then steps (a hardware step counter, else
    /// counted from the accelerometer), then heart rate (a pulse sensor).
    static func text(_ inventory: SensorInventory) -> String {
        func answer(_ kind: SensorKind) -> String {
            inventory.preferred(kind).map { "yes (\($0.deviceName), \($0.deviceID))" } ?? "no"
        }
        var lines: [String] = []
        for kind in SensorKind.motion {
            lines.append(pad("\(kind.rawValue):", 15) + answer(kind))
        }
        lines.append(pad("device motion:", 15) + (inventory.isDeviceMotionAvailable ? "yes" : "no"))
        let steps: String
        if let counter = inventory.preferredStepCounter {
            steps = "yes (step counter: \(counter.deviceName), \(counter.deviceID))"
        } else {
            steps = inventory.isAccelerometerAvailable ? "yes (counted from the accelerometer)" : "no"
        }
        lines.append(pad("steps:", 15) + steps)
        lines.append(pad("heart rate:", 15) + answer(.ppg))
        lines.append(
            pad("barometer:", 15)
                + (inventory.preferredBarometer.map { "yes (\($0.deviceName), \($0.deviceID))" } ?? "no"))
        return lines.joined(separator: "\n") + "\n"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
