/// How samples of a sensor can be captured.
public enum CaptureMode: String, Sendable, Hashable, Codable {
    /// Through an IIO buffer (`/dev/iio:deviceN`): the device has a trigger (its own `<name>-dev<N>`, as HID sensor
    /// hubs and inv_mpu6050 have) or a hardware FIFO that needs none (st_lsm6dsx, inv_icm42600).
    case buffered
    /// By reading `in_<type>_<axis>_raw` at the update interval: the driver has a triggered buffer but no trigger
    /// (bmi160/bmi270 without an IRQ line reject `buffer/enable` with EINVAL) or no scan elements at all.
    case polled
}
