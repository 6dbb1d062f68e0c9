/// Which values a write to a fixture attribute accepts, the way the driver's store function checks them.
public enum ValueRule: Sendable, Hashable {
    /// Numbers only when the attribute holds a number (`iio_str_to_fixpoint` → `EINVAL`), and then only values of
    /// the attribute's discrete `<name>_available` list when it has one (bmi160, st_lsm6dsx, inv_icm42600 look the
    /// value up in a table); anything for text attributes.
    case automatic
    /// Any number within the range (inv_mpu6050's sampling frequency: 4–1000 Hz).
    case range(ClosedRange<Double>)
    /// Any text.
    case any
}
