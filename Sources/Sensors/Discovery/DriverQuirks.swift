/// Drivers whose scale is not in the unit the IIO ABI prescribes (Documentation/ABI/testing/sysfs-bus-iio:
/// acceleration m/s², angular velocity rad/s, magnetic field Gauss), as their Linux 6.1 sources report it, keyed by
/// the driver's device name and the sensor kind.
///
/// An entry applies only while the scale the driver reports lies in the range its wrong unit gives for the chip's
/// ranges (and never in the range the right unit would), so that a kernel whose driver reports the ABI's unit is left
/// alone; no upstream fix is known for any of them. The udev property `BODYREADINGS_<TYPE>_SCALE_FACTOR` overrides an
/// entry (1 turns it off) or corrects a driver the table does not know.
public enum DriverQuirks {
    /// One driver's wrong unit.
    public struct Entry: Sendable, Hashable {
        /// The IIO device names the driver gives (`name`).
        public var drivers: [String]
        public var kind: SensorKind
        /// What the scale is multiplied by.
        public var factor: Double
        /// The scales the driver reports in its wrong unit.
        public var reported: ClosedRange<Double>
        /// What the driver reports and what the factor makes of it.
        public var reason: String
    }

    /// Every known break, with what the 6.1 source says.
    public static let table: [Entry] = [
        // fxos8700_core.c: fxos8700_accel_scale {244, 488, 976} returned as IIO_VAL_INT_PLUS_MICRO, µg per count of
        // the 14-bit value (2/4/8 g ranges). In m/s² the same ranges give 0.0024–0.0096.
        Entry(
            drivers: ["fxos8700"], kind: .accelerometer, factor: 9.80665, reported: 0.0001...0.002,
            reason: "fxos8700 reports in_accel_scale in g per count, not m/s²: × 9.80665"),
        // fxas21002c_core.c: scale = range / FXAS21002C_SCALE_FRACTIONAL (32) as IIO_VAL_FRACTIONAL, i.e. 62.5 at
        // ±2000 °/s: millidegrees per second per count (in_anglvel_scale_available "125.0 62.5 31.25 15.625 7.8125").
        // In rad/s the same ranges give 0.000136–0.00218.
        Entry(
            drivers: ["fxas21002c"], kind: .gyroscope, factor: Double.pi / 180_000, reported: 1...1000,
            reason: "fxas21002c reports in_anglvel_scale in millidegrees/s per count, not rad/s: × π/180000"),
        // hmc5843_core.c: "Scaling factors: 10000000/Gain" as IIO_VAL_INT_PLUS_NANO, i.e. 0.01 / (counts per Gauss):
        // 0.000009174 at the HMC5883L's default 1090 counts/G. In Gauss the chips' gains give 0.00061–0.0046.
        Entry(
            drivers: ["hmc5843", "hmc5883", "hmc5883l", "hmc5983"], kind: .magnetometer, factor: 100,
            reported: 0.000001...0.0001,
            reason: "the hmc5843 driver reports in_magn_scale in hundredths of a Gauss per count: × 100"),
    ]

    /// The table's correction for `driver`'s `kind` reporting `scale` (per axis), nil when none applies.
    public static func correction(driver: String, kind: SensorKind, scale: [Double]?) -> ScaleCorrection? {
        guard let scale, !scale.isEmpty,
            let entry = table.first(where: { $0.kind == kind && $0.drivers.contains(driver.lowercased()) }),
            scale.allSatisfy(entry.reported.contains)
        else { return nil }
        return ScaleCorrection(factor: entry.factor, source: .driverTable, reason: entry.reason)
    }

    /// The correction of a barometer's temperature, whose ABI unit after `scale` is milli-degrees Celsius, nil when
    /// none applies. mpl3115.c (Linux 6.1): the temperature's scale is 0 + 62500 µ (IIO_VAL_INT_PLUS_MICRO), 0.0625,
    /// the datasheet's 1/16 °C per count of OUT_T: degrees per count, where the ABI's unit would give 62.5 (seen in
    /// the VM: `in_temp_raw` 320, `in_temp_scale` 0.062500 for 20 °C). Left uncorrected, the altimeter takes the air
    /// at 0.02 °C and reads heights 7 % low at room temperature.
    public static func temperatureCorrection(driver: String, scale: Double?) -> ScaleCorrection? {
        guard driver.lowercased() == "mpl3115", let scale, (0.01...1).contains(scale) else { return nil }
        return ScaleCorrection(
            factor: 1000, source: .driverTable,
            reason: "mpl3115 reports in_temp_scale in °C per count, not milli-°C: × 1000")
    }

    /// The udev property that overrides the table for a sensor kind: `BODYREADINGS_ACCEL_SCALE_FACTOR`,
    /// `BODYREADINGS_ANGLVEL_SCALE_FACTOR`, `BODYREADINGS_MAGN_SCALE_FACTOR`.
    public static func udevProperty(for kind: SensorKind) -> String {
        "BODYREADINGS_\(kind.channelType.uppercased())_SCALE_FACTOR"
    }
}
