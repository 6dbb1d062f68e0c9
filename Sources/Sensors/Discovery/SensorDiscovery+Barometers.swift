import IIO

// The barometer rules of discovery: an input channel of type `pressure` with `input` (processed, kPa) or `raw` and
// `scale` (kPa per count, plus `offset`), the `temp` channel of the same device (milli-degrees Celsius), and the
// rate and oversampling attributes. Names follow the kernel ABI (Documentation/ABI/testing/sysfs-bus-iio:
// in_pressure_input, in_pressure_raw, in_pressure_scale, in_pressure_oversampling_ratio, in_temp_input).

extension SensorDiscovery {
    /// What a driver without `…_available` attributes is known to accept.
    enum BarometerDriver: String {
        /// dps310 (Linux 6.1): `in_pressure_sampling_frequency` and `in_pressure_oversampling_ratio` take powers of
        /// two from 1 to 128 (the driver keeps their base-2 logarithm in PRS_CFG) and list none.
        case dps310

        static let powersOfTwo: [Double] = (0...7).map { Double(1 << $0) }

        var frequencies: FrequencyList { .discrete(Self.powersOfTwo) }
        var oversamplingRatios: [Double] { Self.powersOfTwo }
    }

    /// The barometer of `device`, or nil when it has no pressure input channel that can be read.
    ///
    /// - Throws: ``SensorError/Reason/missingAttribute`` for a raw pressure without a scale,
    ///   ``SensorError/Reason/malformedAttribute`` for a value that does not parse, and the wrapped libiio errors.
    static func barometer(
        of device: DeviceSnapshot, identity: SensorIdentity, parent: String?, reader: inout ValueReader
    ) throws(SensorError) -> DiscoveredBarometer? {
        let inputs = device.channels.filter { !$0.isOutput }
        guard let pressureChannel = inputs.first(where: { $0.type == "pressure" && readable($0) }),
            let pressure = try barometerChannel(pressureChannel, in: device, unitFactor: 1, reader: &reader)
        else { return nil }
        var temperature: BarometerChannel?
        if let channel = inputs.first(where: { $0.type == "temp" && readable($0) }) {
            temperature = try barometerChannel(channel, in: device, unitFactor: 0.001, reader: &reader).map { found in
                var corrected = found
                corrected.correction = DriverQuirks.temperatureCorrection(
                    driver: device.name ?? "", scale: found.isProcessed ? nil : found.scale)
                return corrected
            }
        }
        let known = device.name.flatMap { BarometerDriver(rawValue: $0.lowercased()) }
        var barometer = DiscoveredBarometer(
            deviceID: device.id, deviceName: device.name ?? device.id, label: device.label, identity: identity,
            parent: parent, pressure: pressure, temperature: temperature)
        let rate = try samplingFrequency(of: [pressureChannel], type: "pressure", in: device, reader: &reader)
        if let location = rate.location {
            barometer.samplingFrequency = rate.frequency
            barometer.samplingFrequencyAttribute = location
            barometer.availableFrequencies = rate.available ?? known?.frequencies
        }
        if let ratio = locate(
            "oversampling_ratio", channel: pressureChannel, in: device,
            deviceFallbacks: ["in_pressure_oversampling_ratio", "oversampling_ratio"])
        {
            barometer.oversamplingAttribute = ratio
            if let text = try reader.text(at: ratio, tolerateDriverErrors: true) {
                guard let value = Double(attributeText: text), value >= 1 else {
                    throw reader.malformed(ratio, text, expected: "an oversampling ratio (1, 2, 4…)")
                }
                barometer.oversamplingRatio = value
            }
            barometer.availableOversamplingRatios = known?.oversamplingRatios
            if let list = locate(
                "oversampling_ratio_available", channel: pressureChannel, in: device,
                deviceFallbacks: ["in_pressure_oversampling_ratio_available", "oversampling_ratio_available"]),
                let text = try reader.text(at: list, tolerateDriverErrors: true)
            {
                guard case .discrete(let values)? = FrequencyList(parsing: text), values.allSatisfy({ $0 >= 1 }) else {
                    throw reader.malformed(list, text, expected: "oversampling ratios (\"1 2 4 8 16\")")
                }
                barometer.availableOversamplingRatios = values.sorted()
            }
        }
        return barometer
    }

    /// True when the channel's value can be read: a processed `input` or a `raw` attribute.
    private static func readable(_ channel: DeviceSnapshot.ChannelSnapshot) -> Bool {
        channel.attributes["input"] != nil || channel.attributes["raw"] != nil
    }

    /// One quantity: processed `input` when the driver gives it, else `raw` with its scale and offset.
    private static func barometerChannel(
        _ channel: DeviceSnapshot.ChannelSnapshot, in device: DeviceSnapshot, unitFactor: Double,
        reader: inout ValueReader
    ) throws(SensorError) -> BarometerChannel? {
        let type = channel.type ?? channel.id
        if let file = channel.attributes["input"] {
            return BarometerChannel(
                id: channel.id, value: .channel(id: channel.id, attribute: "input", file: file), isProcessed: true,
                scale: 1, offset: 0, unitFactor: unitFactor)
        }
        guard let file = channel.attributes["raw"] else { return nil }
        guard let scaleLocation = locate("scale", channel: channel, in: device, deviceFallbacks: ["in_\(type)_scale"])
        else {
            throw SensorError(
                .missingAttribute, "\(device.displayName) has no scale for \(channel.id) (in_\(type)_scale)",
                uri: reader.uri, device: device.displayName, attribute: "in_\(type)_scale")
        }
        let scale = try reader.doubles(at: [scaleLocation])?.first
        var offset: Double? = 0
        if let offsetLocation = locate("offset", channel: channel, in: device, deviceFallbacks: ["in_\(type)_offset"]) {
            offset = try reader.doubles(at: [offsetLocation])?.first
        }
        return BarometerChannel(
            id: channel.id, value: .channel(id: channel.id, attribute: "raw", file: file), isProcessed: false,
            scale: scale, scaleAttribute: scaleLocation, offset: scale == nil ? nil : offset, unitFactor: unitFactor)
    }
}
