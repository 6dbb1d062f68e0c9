/// The column names of the recording format (DESIGN.md): `t` in seconds, accelerometer in m/s², gyroscope in rad/s,
/// optional magnetometer in µT; device frame, calibrated, mount matrix applied.
public enum RecordingColumns {
    /// The columns every recording has, in the order the writer puts them.
    public static let required = ["t", "accel_x", "accel_y", "accel_z", "anglvel_x", "anglvel_y", "anglvel_z"]
    /// The magnetometer columns (all three or none).
    public static let magnetometer = ["magn_x", "magn_y", "magn_z"]

    /// The header line (without newline) the writer puts first.
    public static func header(includesMagnetometer: Bool) -> String {
        (includesMagnetometer ? required + magnetometer : required).joined(separator: ",")
    }
}
