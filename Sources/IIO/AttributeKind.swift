/// Which attribute namespace of a device an attribute name lives in.
public enum AttributeKind: Sendable, Hashable {
    /// Device attributes (`/sys/bus/iio/devices/iio:deviceN/<name>`), e.g. `sampling_frequency`, `in_accel_scale`.
    case device
    /// Buffer attributes (`…/buffer/<name>`), e.g. `length`, `enable`, `watermark`, `data_available`.
    case buffer
    /// Debug attributes (`/sys/kernel/debug/iio/iio:deviceN/<name>`), e.g. `direct_reg_access`; need root locally.
    case debug
}
