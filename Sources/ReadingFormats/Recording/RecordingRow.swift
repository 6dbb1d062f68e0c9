import MotionMath

/// One line of a recording: its time and what was measured then — an IMU sample, a pulse sensor's light
/// intensities, or both (when the two sensors sampled at the same instant).
///
/// A recording with PPG columns (`RecordingColumns.ppg`) interleaves the two sensors' rows in time order, each at its
/// own sensor's times, the other sensor's fields empty: rows without IMU values are not IMU samples
/// (`RecordingReader.next()` skips them), rows without PPG values are not pulse samples.
public struct RecordingRow: Sendable, Equatable {
    /// Time of the row, s.
    public var t: Double
    /// The IMU sample of the row (its `t` is the row's), nil when the row's IMU fields are empty.
    public var motion: IMUSample?
    /// The pulse sensor's intensities, ADC counts: x red, y infrared, z green (`ppg_red`, `ppg_ir`, `ppg_green`);
    /// NaN for an empty field (an LED the sensor does not have). Nil when the row has no PPG value.
    public var ppg: Vector3?

    public init(t: Double, motion: IMUSample? = nil, ppg: Vector3? = nil) {
        self.t = t
        self.motion = motion
        self.ppg = ppg
    }
}
