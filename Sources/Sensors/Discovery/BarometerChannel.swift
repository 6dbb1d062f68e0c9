/// One quantity of a barometer — its pressure or its temperature — and how its value is read and converted.
///
/// IIO gives it either processed (`in_pressure_input`, `in_temp_input`: already in the ABI's unit) or raw
/// (`in_pressure_raw` with `in_pressure_scale` and, when the driver has one, `in_pressure_offset`: the ABI's unit is
/// `(raw + offset) × scale`). The ABI's units (Documentation/ABI/testing/sysfs-bus-iio) are kPa for pressure and
/// milli-degrees Celsius for temperature; ``unitFactor`` turns them into the reading's kPa and °C.
public struct BarometerChannel: Sendable, Hashable {
    /// The IIO channel id (`pressure`, `temp`).
    public var id: String
    /// The attribute holding the value: `input` (processed) or `raw`.
    public var value: AttributeLocation
    /// True when ``value`` is the processed `input`: no scale or offset applies.
    public var isProcessed: Bool
    /// The scale of a raw value, in the ABI's unit per count; 1 for a processed value; nil when the context cannot
    /// read values (`xml:`).
    public var scale: Double?
    /// Where the scale was read, for a raw value.
    public var scaleAttribute: AttributeLocation?
    /// The offset of a raw value, counts (0 without an offset attribute); nil when values cannot be read.
    public var offset: Double?
    /// Factor from the ABI's unit to the reading's: 1 for pressure (kPa), 0.001 for temperature (m°C to °C).
    public var unitFactor: Double
    /// What the driver's value is multiplied by to be in the ABI's unit, for a driver that breaks it
    /// (``DriverQuirks/temperatureCorrection(driver:scale:)``); nil for the others.
    public var correction: ScaleCorrection?

    public init(
        id: String, value: AttributeLocation, isProcessed: Bool, scale: Double?, scaleAttribute: AttributeLocation? = nil,
        offset: Double?, unitFactor: Double
    ) {
        self.id = id
        self.value = value
        self.isProcessed = isProcessed
        self.scale = scale
        self.scaleAttribute = scaleAttribute
        self.offset = offset
        self.unitFactor = unitFactor
    }

    /// The value in the reading's unit (kPa, °C) from the attribute's number; nil when scale or offset are unknown.
    public func convert(_ number: Double) -> Double? {
        let factor = unitFactor * (correction?.factor ?? 1)
        if isProcessed { return number * factor }
        guard let scale, let offset else { return nil }
        return (number + offset) * scale * factor
    }
}
