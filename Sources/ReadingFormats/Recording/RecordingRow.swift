import MotionMath

/// One line of a recording: its time and what was measured then — an IMU sample, a pulse sensor's light
/// intensities, a barometer's pressure, or several of them (when the sensors sampled at the same instant).
///
/// A recording with PPG or barometer columns (`RecordingColumns.ppg`, `.barometer`) interleaves the sensors' rows in
/// time order, each at its own sensor's times, the other sensors' fields empty: rows without IMU values are not IMU
/// samples (`RecordingReader.next()` skips them), rows without PPG values are not pulse samples, rows without a
/// pressure are not barometer samples.
public struct RecordingRow: Sendable, Equatable {
    /// Time of the row, s.
    public var t: Double
    /// The IMU sample of the row (its `t` is the row's), nil when the row's IMU fields are empty.
    public var motion: IMUSample?
    /// The pulse sensor's intensities, ADC counts: x red, y infrared, z green (`ppg_red`, `ppg_ir`, `ppg_green`);
    /// NaN for an empty field (an LED the sensor does not have). Nil when the row has no PPG value.
    public var ppg: Vector3?
    /// The barometer's pressure, kPa (`pressure`); nil when the row has none.
    public var pressure: Double?
    /// The barometer's temperature, °C (`temperature`); nil when the row has none or no pressure.
    public var temperature: Double?

    public init(
        t: Double, motion: IMUSample? = nil, ppg: Vector3? = nil, pressure: Double? = nil, temperature: Double? = nil
    ) {
        self.t = t
        self.motion = motion
        self.ppg = ppg
        self.pressure = pressure
        self.temperature = pressure == nil ? nil : temperature
    }
}
