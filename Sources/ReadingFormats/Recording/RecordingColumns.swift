/// The column names of the recording format (docs/formats.md): `t` in seconds, accelerometer in m/s², gyroscope in
/// rad/s, optional magnetometer in µT; device frame, calibrated, mount matrix applied; optional PPG intensities in ADC
/// counts; an optional barometer's pressure in kPa and temperature in °C.
public enum RecordingColumns {
    /// The columns every recording has, in the order the writer puts them.
    public static let required = ["t", "accel_x", "accel_y", "accel_z", "anglvel_x", "anglvel_y", "anglvel_z"]
    /// The magnetometer columns (all three or none).
    public static let magnetometer = ["magn_x", "magn_y", "magn_z"]
    /// The pulse sensor's columns, last when present: red, infrared and green light intensities as the sensor reports
    /// them (`PPGColumns.intensities`; falling at systole). A reader takes any of them; the writer puts all three.
    public static let ppg = PPGColumns.intensities
    /// A barometer's columns: the pressure (kPa, IIO's unit) and, optionally, its temperature (°C). A reader takes
    /// the temperature only beside a pressure column.
    public static let barometer = ["pressure", "temperature"]

    /// The header line (without newline) the writer puts first.
    public static func header(includesMagnetometer: Bool, includesPPG: Bool = false) -> String {
        (required + (includesMagnetometer ? magnetometer : []) + (includesPPG ? ppg : [])).joined(separator: ",")
    }
}
