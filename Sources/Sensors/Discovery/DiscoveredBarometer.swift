/// A barometer found in an IIO context: a device with an IIO `pressure` input channel (Bosch bmp280/bme280/bmp180,
/// Infineon dps310, ST lps22hb/lps25h through `st_pressure`, NXP mpl3115, …) and, when the chip has one, the
/// temperature channel beside it, which the barometric formula needs.
///
/// The drivers have no usable buffer without an interrupt line (bmp280 and dps310 have none at all): a barometer is
/// polled, at the chip's output rate (``pollingRate``). A capture sets the rate (``targetRate``) and the pressure's
/// oversampling (``targetOversamplingRatio``) when the driver lets it, and restores both.
public struct DiscoveredBarometer: Sendable, Hashable {
    /// The output rate a capture asks for, Hz: the lowest the chip offers at or above it. A floor climbed takes
    /// seconds and the altimeter's filter has a time constant of 0.3 s: 25 Hz (BMP280's "indoor navigation" setting,
    /// 26.3 Hz) gives it a dozen samples per time constant.
    public static let targetRate = 25.0
    /// The rate a barometer whose driver does not say its rate is polled at, Hz: below the BMP280's 23 Hz in normal
    /// mode at ×16 pressure and ×2 temperature oversampling (the driver's defaults; datasheet §3.8.1).
    public static let nominalRate = 20.0
    /// The pressure oversampling a capture asks for: the highest the chip offers up to it. ×16 is the BMP280's and
    /// DPS310's high-precision setting (0.2 Pa of noise; DPS310 27.6 ms per measurement, within 32 Hz).
    public static let targetOversamplingRatio = 16.0

    /// The IIO device id (`iio:device3`).
    public var deviceID: String
    /// The driver's device name (`bmp280`, `dps310`, `lps22hb`).
    public var deviceName: String
    /// The device label, when the firmware gives one.
    public var label: String?
    /// Stable identity of the chip (the same rule as for sensors, see ``SensorIdentity``).
    public var identity: SensorIdentity
    /// The device's parent below `/sys/devices` on a local context, nil elsewhere.
    public var parent: String?
    /// The pressure, kPa.
    public var pressure: BarometerChannel
    /// The chip's temperature, °C; nil when the device has no temperature channel.
    public var temperature: BarometerChannel?
    /// The current output rate, Hz; nil when the driver has no `sampling_frequency` or the context cannot read it.
    public var samplingFrequency: Double?
    /// Where the rate is read and written (`in_pressure_sampling_frequency`, `sampling_frequency`).
    public var samplingFrequencyAttribute: AttributeLocation?
    /// The rates the driver accepts, from its `…_available` attribute or, for a driver without one, what it is known
    /// to accept (``SensorDiscovery/BarometerDriver``).
    public var availableFrequencies: FrequencyList?
    /// The current pressure oversampling ratio; nil when unknown.
    public var oversamplingRatio: Double?
    /// Where the pressure's oversampling ratio is read and written (`in_pressure_oversampling_ratio`).
    public var oversamplingAttribute: AttributeLocation?
    /// The oversampling ratios the driver accepts, ascending; nil when it does not say.
    public var availableOversamplingRatios: [Double]?

    public init(
        deviceID: String, deviceName: String, label: String? = nil, identity: SensorIdentity, parent: String? = nil,
        pressure: BarometerChannel, temperature: BarometerChannel? = nil, samplingFrequency: Double? = nil,
        samplingFrequencyAttribute: AttributeLocation? = nil, availableFrequencies: FrequencyList? = nil,
        oversamplingRatio: Double? = nil, oversamplingAttribute: AttributeLocation? = nil,
        availableOversamplingRatios: [Double]? = nil
    ) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.label = label
        self.identity = identity
        self.parent = parent
        self.pressure = pressure
        self.temperature = temperature
        self.samplingFrequency = samplingFrequency
        self.samplingFrequencyAttribute = samplingFrequencyAttribute
        self.availableFrequencies = availableFrequencies
        self.oversamplingRatio = oversamplingRatio
        self.oversamplingAttribute = oversamplingAttribute
        self.availableOversamplingRatios = availableOversamplingRatios
    }

    /// The rate a capture sets, Hz: the lowest accepted one at or above ``targetRate`` (else the highest); nil when
    /// the rate cannot be set.
    public var chosenFrequency: Double? {
        guard samplingFrequencyAttribute != nil else { return nil }
        return SamplingFrequencyChoice.choose(needed: Self.targetRate, available: availableFrequencies)
    }

    /// The oversampling ratio a capture sets: the highest accepted one up to ``targetOversamplingRatio`` (else the
    /// lowest); nil when it cannot be set.
    public var chosenOversamplingRatio: Double? {
        guard oversamplingAttribute != nil, let ratios = availableOversamplingRatios, !ratios.isEmpty else {
            return nil
        }
        return ratios.filter { $0 <= Self.targetOversamplingRatio }.max() ?? ratios.min()
    }

    /// The rate the barometer is polled at, Hz: the rate a capture sets, else the driver's current one, else
    /// ``nominalRate``; at most 2 × ``targetRate`` (a chip left at 75 Hz is read at 50 Hz).
    public var pollingRate: Double {
        let rate = chosenFrequency ?? samplingFrequency ?? Self.nominalRate
        return min(max(rate, 0.1), 2 * Self.targetRate)
    }
}
