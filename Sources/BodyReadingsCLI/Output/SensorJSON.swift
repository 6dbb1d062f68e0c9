import Sensors
import TextFormats

/// The JSON shapes of `available --json` and `info --json` (snake_case keys, SI units, nulls for unknown values).
enum SensorJSON {
    /// `{"uri":…,"accelerometer":true,"gyroscope":true,"magnetometer":false,"device_motion":true,"steps":true,
    /// "step_counter":false,"heart_rate":false,"barometer":false}`: `steps` when steps can be counted at all,
    /// `step_counter` when by a hardware counter, `heart_rate` when a pulse sensor is there, `barometer` when a
    /// barometer is.
    static func availability(_ inventory: SensorInventory) -> JSONValue {
        .object([
            ("uri", .string(inventory.uri)),
            ("accelerometer", .bool(inventory.isAccelerometerAvailable)),
            ("gyroscope", .bool(inventory.isGyroAvailable)),
            ("magnetometer", .bool(inventory.isMagnetometerAvailable)),
            ("device_motion", .bool(inventory.isDeviceMotionAvailable)),
            ("steps", .bool(inventory.isStepCountingAvailable)),
            ("step_counter", .bool(inventory.preferredStepCounter != nil)),
            ("heart_rate", .bool(inventory.isHeartRateAvailable)),
            ("barometer", .bool(inventory.isBarometerAvailable)),
        ])
    }

    /// The context and every sensor.
    static func inventory(_ inventory: SensorInventory) -> JSONValue {
        .object([
            ("uri", .string(inventory.uri)),
            ("backend", .string(inventory.backend)),
            ("description", .string(inventory.contextDescription)),
            ("values_available", .bool(inventory.valuesAvailable)),
            ("device_motion_available", .bool(inventory.isDeviceMotionAvailable)),
            ("heart_rate_available", .bool(inventory.isHeartRateAvailable)),
            ("sensors", .array(inventory.sensors.map(sensor))),
            ("step_counters", .array(inventory.stepCounters.map(stepCounter))),
            ("barometers", .array(inventory.barometers.map(barometer))),
        ])
    }

    /// A barometer: its pressure and temperature channels, rate and oversampling, and how it is polled.
    static func barometer(_ barometer: DiscoveredBarometer) -> JSONValue {
        let temperature: JSONValue = barometer.temperature.map { quantity($0, unit: "°C") } ?? .null
        let rate: JSONValue = barometer.samplingFrequency.map(JSONValue.number) ?? .null
        let rateAttribute: JSONValue = barometer.samplingFrequencyAttribute.map { .string($0.file) } ?? .null
        let rates: JSONValue = barometer.availableFrequencies.map(frequencies) ?? .null
        let ratio: JSONValue = barometer.oversamplingRatio.map(JSONValue.number) ?? .null
        let ratioAttribute: JSONValue = barometer.oversamplingAttribute.map { .string($0.file) } ?? .null
        let ratios: JSONValue = barometer.availableOversamplingRatios.map(numbers) ?? .null
        let label: JSONValue = barometer.label.map(JSONValue.string) ?? .null
        var fields: [(String, JSONValue)] = [
            ("device_id", .string(barometer.deviceID)), ("device_name", .string(barometer.deviceName)),
            ("label", label), ("identity", .string(barometer.identity.rawValue)),
            ("identity_file_name", .string(barometer.identity.fileName)),
        ]
        fields += [
            ("pressure", quantity(barometer.pressure, unit: "kPa")), ("temperature", temperature),
            ("sampling_frequency", rate), ("sampling_frequency_attribute", rateAttribute),
            ("available_frequencies", rates), ("oversampling_ratio", ratio), ("oversampling_attribute", ratioAttribute),
            ("available_oversampling_ratios", ratios), ("capture_mode", .string(CaptureMode.polled.rawValue)),
            ("polling_rate", .number(barometer.pollingRate)),
        ]
        return .object(fields)
    }

    /// One quantity of a barometer: its channel, the attribute read, and the conversion to `unit`.
    static func quantity(_ channel: BarometerChannel, unit: String) -> JSONValue {
        let scale: JSONValue = channel.scale.map(JSONValue.number) ?? .null
        let scaleAttribute: JSONValue = channel.scaleAttribute.map { .string($0.file) } ?? .null
        let offset: JSONValue = channel.offset.map(JSONValue.number) ?? .null
        let fields: [(String, JSONValue)] = [
            ("channel", .string(channel.id)), ("attribute", .string(channel.value.file)),
            ("processed", .bool(channel.isProcessed)), ("scale", scale), ("scale_attribute", scaleAttribute),
            ("offset", offset), ("unit", .string(unit)), ("unit_factor", .number(channel.unitFactor)),
            ("scale_correction", channel.correction.map(correction) ?? .null),
        ]
        return .object(fields)
    }

    /// A driver quirk's correction: its factor, where it came from and why.
    static func correction(_ correction: ScaleCorrection) -> JSONValue {
        .object([
            ("factor", .number(correction.factor)), ("source", .string(correction.source.rawValue)),
            ("reason", .string(correction.reason)),
        ])
    }

    /// A hardware step counter: where it is read and switched, its state, its activities, its width.
    static func stepCounter(_ counter: DiscoveredStepCounter) -> JSONValue {
        .object([
            ("device_id", .string(counter.deviceID)),
            ("device_name", .string(counter.deviceName)),
            ("label", counter.label.map(JSONValue.string) ?? .null),
            ("identity", .string(counter.identity.rawValue)),
            ("identity_file_name", .string(counter.identity.fileName)),
            ("count_attribute", .string(counter.countAttribute.file)),
            ("enable_attribute", counter.enableAttribute.map { .string($0.file) } ?? .null),
            ("enabled", counter.isEnabled.map(JSONValue.bool) ?? .null),
            ("activity_attributes", .object(DiscoveredStepCounter.ActivityChannel.allCases.compactMap { activity in
                counter.activityAttributes[activity].map { (activity.rawValue, .string($0.file)) }
            })),
            ("counter_bits", .number(Double(counter.counterBits))),
            ("capture_mode", .string(CaptureMode.polled.rawValue)),
            ("polling_rate", .number(DiscoveredStepCounter.pollingRate)),
        ])
    }

    static func sensor(_ sensor: DiscoveredSensor) -> JSONValue {
        .object([
            ("kind", .string(sensor.kind.rawValue)),
            ("device_id", .string(sensor.deviceID)),
            ("device_name", .string(sensor.deviceName)),
            ("label", sensor.label.map(JSONValue.string) ?? .null),
            ("identity", .string(sensor.identity.rawValue)),
            ("identity_file_name", .string(sensor.identity.fileName)),
            ("unit", .string(sensor.kind.unit)),
            ("unit_factor", .number(sensor.kind.unitFactor)),
            ("channels", .array(sensor.axes.map(channel))),
            ("lights", .array(sensor.lights.map { .string($0.rawValue) })),
            ("timestamp", sensor.timestamp.map(channel) ?? .null),
            ("scale", sensor.scale.map(numbers) ?? .null),
            ("scale_attributes", .array(sensor.scaleAttributes.map { .string($0.file) })),
            ("scale_correction", sensor.scaleCorrection.map(correction) ?? .null),
            ("offset", sensor.offset.map(numbers) ?? .null),
            ("mount_matrix", .array(sensor.mountMatrix.rows.map { row in numbers([row.x, row.y, row.z]) })),
            ("mount_matrix_source", .string(sensor.mountMatrixSource.rawValue)),
            ("mount_matrix_attribute", sensor.mountMatrixAttribute.map { .string($0.file) } ?? .null),
            ("sampling_frequency", sensor.samplingFrequency.map(JSONValue.number) ?? .null),
            ("sampling_frequency_attribute", sensor.samplingFrequencyAttribute.map { .string($0.file) } ?? .null),
            ("available_frequencies", sensor.availableFrequencies.map(frequencies) ?? .null),
            ("trigger", sensor.trigger.map(JSONValue.string) ?? .null),
            ("trigger_known", .bool(sensor.isTriggerKnown)),
            ("own_trigger", sensor.ownTrigger.map(JSONValue.string) ?? .null),
            ("capture_mode", .string(sensor.captureMode.rawValue)),
            ("capture_reason", .string(sensor.captureReason)),
        ])
    }

    static func channel(_ channel: SensorChannel) -> JSONValue {
        .object([
            ("id", .string(channel.id)),
            ("scan_index", channel.scanIndex.map { .number(Double($0)) } ?? .null),
            ("format", channel.format.map { .string("\($0)") } ?? .null),
        ])
    }

    /// `{"discrete":[…]}` or `{"range":{"min":…,"step":…,"max":…}}`.
    static func frequencies(_ list: FrequencyList) -> JSONValue {
        switch list {
        case .discrete(let values):
            .object([("discrete", numbers(values))])
        case .range(let minimum, let step, let maximum):
            .object([("range", .object([("min", .number(minimum)), ("step", .number(step)), ("max", .number(maximum))]))])
        }
    }

    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }
}
