import Sensors
import TextFormats

/// `bodyreadings info`: every motion and pulse sensor with its channels, conversion, mount matrix, rates, trigger and
/// capture mode.
enum InfoCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "info",
            overview: "Describe every accelerometer, gyroscope, magnetometer, step counter, pulse sensor and barometer.",
            options: [.uri, .json],
            discussion: """
                Values are SI after conversion: accelerometer m/s², gyroscope rad/s, magnetometer µT (IIO's Gauss × 100). \
                A pulse sensor (ppg) gives its photodiode's ADC counts per LED, at the driver's fixed rate. A barometer \
                gives kPa (in_pressure_input, or in_pressure_raw × scale) and its temperature °C (m°C / 1000).
                xml: contexts carry no attribute values: scale, rates and trigger show as unknown there.

                EXIT STATUS:
                  0   at least one sensor was found        1   none was found (the listing says so)
                  64  malformed --uri or missing xml: file  65  malformed xml: file or attribute value
                  69  context unreachable, sensor without scale or vanished   77  permission denied
                """),
        run: run)

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        try InventoryAnswer.write(
            arguments, console, json: SensorJSON.inventory, text: text, status: { isEmpty($0) ? .notAvailable : .ok })
    }

    /// True when discovery found nothing to describe.
    static func isEmpty(_ inventory: SensorInventory) -> Bool {
        inventory.sensors.isEmpty && inventory.stepCounters.isEmpty && inventory.barometers.isEmpty
    }

    /// The human listing: a header for the context, then one block of `label  value` rows per sensor.
    static func text(_ inventory: SensorInventory) -> String {
        var text = "context: \(inventory.uri) (\(inventory.backend)) \(inventory.contextDescription)\n"
        if isEmpty(inventory) {
            return text + "no accelerometer, gyroscope, magnetometer, step counter, pulse sensor or barometer found\n"
        }
        if !inventory.valuesAvailable {
            text += "note: this context carries no attribute values; scale, rates and trigger are unknown\n"
        }
        for sensor in inventory.sensors {
            text += "\n\(sensor.kind.rawValue): \(sensor.deviceName) (\(sensor.deviceID))\n"
            for (label, value) in rows(sensor) {
                text += "  " + AvailableCommand.pad(label, 16) + value + "\n"
            }
        }
        for counter in inventory.stepCounters {
            text += "\nsteps: \(counter.deviceName) (\(counter.deviceID))\n"
            for (label, value) in rows(counter) {
                text += "  " + AvailableCommand.pad(label, 16) + value + "\n"
            }
        }
        for barometer in inventory.barometers {
            text += "\nbarometer: \(barometer.deviceName) (\(barometer.deviceID))\n"
            for (label, value) in rows(barometer) {
                text += "  " + AvailableCommand.pad(label, 16) + value + "\n"
            }
        }
        return text
    }

    static func rows(_ barometer: DiscoveredBarometer) -> [(String, String)] {
        var rows: [(String, String)] = [("identity", barometer.identity.rawValue)]
        if let label = barometer.label { rows.append(("label", label)) }
        rows.append(("pressure", quantity(barometer.pressure, kernelUnit: "kPa")))
        rows.append(("temperature", barometer.temperature.map { quantity($0, kernelUnit: "m°C") } ?? "none"))
        if let correction = barometer.temperature?.correction {
            let factor = number(correction.factor)
            rows.append(("correction", "× \(factor) (\(correction.source.rawValue): \(correction.reason))"))
        }
        var rate = barometer.samplingFrequency.map { "\(number($0)) Hz" } ?? "unknown"
        if let attribute = barometer.samplingFrequencyAttribute { rate += " (\(attribute.file))" } else { rate += " (no attribute)" }
        rows.append(("sampling", rate))
        rows.append(("available", barometer.availableFrequencies.map { "\($0) Hz" } ?? "not listed"))
        var ratio = barometer.oversamplingRatio.map { "×\(number($0))" } ?? "unknown"
        if let attribute = barometer.oversamplingAttribute { ratio += " (\(attribute.file))" } else { ratio = "none" }
        rows.append(("oversampling", ratio))
        rows.append((
            "ratios", barometer.availableOversamplingRatios.map { $0.map(number).joined(separator: " ") } ?? "not listed"
        ))
        var capture = "polled at \(number(barometer.pollingRate)) Hz"
        let settings = [
            barometer.chosenFrequency.map { "rate \(number($0)) Hz" },
            barometer.chosenOversamplingRatio.map { "oversampling ×\(number($0))" },
        ].compactMap { $0 }
        if !settings.isEmpty { capture += "; sets " + settings.joined(separator: ", ") + " while captured, then restores" }
        rows.append(("capture", capture))
        return rows
    }

    /// `in_pressure_input (kPa)` or `in_pressure_raw × 0.000024414 kPa/count (in_pressure_scale)`.
    static func quantity(_ channel: BarometerChannel, kernelUnit: String) -> String {
        if channel.isProcessed { return "\(channel.value.file) (\(kernelUnit))" }
        let scale = channel.scale.map(number) ?? "unknown"
        var text = "\(channel.value.file) × \(scale) \(kernelUnit)/count"
        if let attribute = channel.scaleAttribute { text += " (\(attribute.file))" }
        if let offset = channel.offset, offset != 0 { text += ", offset \(number(offset)) counts" }
        return text
    }

    static func rows(_ counter: DiscoveredStepCounter) -> [(String, String)] {
        var rows: [(String, String)] = [("identity", counter.identity.rawValue)]
        if let label = counter.label { rows.append(("label", label)) }
        rows.append(("counter", "\(counter.countAttribute.file) (\(counter.counterBits) bits, wraps to 0)"))
        let state = counter.isEnabled.map { $0 ? "on" : "off" } ?? "unknown"
        rows.append(("enable", counter.enableAttribute.map { "\($0.file) (now \(state))" } ?? "always on"))
        let activities = DiscoveredStepCounter.ActivityChannel.allCases.compactMap { counter.activityAttributes[$0]?.file }
        rows.append(("activity", activities.isEmpty ? "none" : activities.joined(separator: ", ")))
        rows.append((
            "capture",
            "polled at \(number(DiscoveredStepCounter.pollingRate)) Hz: enabled while captured, then restored"))
        return rows
    }

    static func rows(_ sensor: DiscoveredSensor) -> [(String, String)] {
        if sensor.kind == .ppg { return pulseRows(sensor) }
        var rows: [(String, String)] = []
        rows.append(("identity", sensor.identity.rawValue))
        if let label = sensor.label { rows.append(("label", label)) }
        let channels = sensor.axes.map { axis in axis.format.map { "\(axis.id) [\($0)]" } ?? axis.id }
        rows.append(("channels", channels.joined(separator: ", ")))
        rows.append(("timestamp", sensor.timestamp.map { channel in
            channel.format.map { "\(channel.id) [\($0)]" } ?? channel.id
        } ?? "none"))
        let kernelUnit = sensor.kind == .magnetometer ? "G" : sensor.kind.unit
        let files = Array(Set(sensor.scaleAttributes.map(\.file))).sorted().joined(separator: ", ")
        if let scale = sensor.scale {
            let shared = Set(scale).count == 1
            let values = shared ? number(scale[0]) : "x \(number(scale[0])), y \(number(scale[1])), z \(number(scale[2]))"
            rows.append(("scale", "\(values) \(kernelUnit)/count (\(files))"))
        } else {
            rows.append(("scale", "unknown (\(files))"))
        }
        if let correction = sensor.scaleCorrection {
            rows.append(("correction", "× \(number(correction.factor)) (\(correction.source.rawValue): \(correction.reason))"))
        }
        rows.append(("offset", sensor.offset.map { $0.map(number).joined(separator: ", ") + " counts" } ?? "unknown"))
        rows.append(("unit", sensor.kind.unit + (sensor.kind == .magnetometer ? " (Gauss × 100)" : "")))
        var matrix = "\(sensor.mountMatrix) (\(sensor.mountMatrixSource.rawValue)"
        if let attribute = sensor.mountMatrixAttribute { matrix += ", \(attribute.file)" }
        rows.append(("mount matrix", matrix + ")"))
        var rate = sensor.samplingFrequency.map { "\(number($0)) Hz" } ?? "unknown"
        if let attribute = sensor.samplingFrequencyAttribute { rate += " (\(attribute.file))" }
        rows.append(("sampling", rate))
        rows.append(("available", sensor.availableFrequencies.map { "\($0) Hz" } ?? "not listed"))
        rows.append(("trigger", sensor.trigger ?? (sensor.isTriggerKnown ? "none" : "unknown")))
        rows.append(("own trigger", sensor.ownTrigger ?? "none"))
        rows.append(("capture", "\(sensor.captureMode.rawValue): \(sensor.captureReason)"))
        return rows
    }

    /// A pulse sensor: its LED channels, the fixed rate, trigger and capture.
    static func pulseRows(_ sensor: DiscoveredSensor) -> [(String, String)] {
        var rows: [(String, String)] = [("identity", sensor.identity.rawValue)]
        if let label = sensor.label { rows.append(("label", label)) }
        let channels = zip(sensor.axes, sensor.lights).map { axis, light in
            "\(axis.id)" + (axis.format.map { " [\($0)]" } ?? "") + " (\(light.rawValue))"
        }
        rows.append(("channels", channels.joined(separator: ", ")))
        rows.append(("timestamp", sensor.timestamp.map(\.id) ?? "none (samples are timed on arrival)"))
        rows.append(("unit", "ADC counts as the photodiode reports them (they fall at systole)"))
        rows.append(("sampling", sensor.samplingFrequency.map { "\(number($0)) Hz (fixed by the driver)" } ?? "unknown"))
        rows.append(("trigger", sensor.trigger ?? (sensor.isTriggerKnown ? "none" : "unknown")))
        rows.append(("own trigger", sensor.ownTrigger ?? "none"))
        rows.append(("capture", "\(sensor.captureMode.rawValue): \(sensor.captureReason)"))
        return rows
    }

    /// `100` rather than `100.0`; other values as Swift prints them (shortest exact form).
    static func number(_ value: Double) -> String { JSONValue.number(value).rendered }
}
