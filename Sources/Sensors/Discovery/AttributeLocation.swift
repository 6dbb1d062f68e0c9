/// Where a sensor attribute lives, so that it can be read or written again through IIO.
public enum AttributeLocation: Sendable, Hashable, CustomStringConvertible {
    /// A device attribute (libiio `iio_device_attr_*`), by its sysfs name (`sampling_frequency`, `in_mount_matrix`).
    case device(String)
    /// A channel attribute (libiio `iio_channel_attr_*`): the channel id, libiio's attribute name (`scale`) and the
    /// sysfs file behind it (`in_accel_scale` when shared, `in_accel_x_scale` when per-axis).
    case channel(id: String, attribute: String, file: String)

    /// The sysfs file name: what users see under `/sys/bus/iio/devices/iio:deviceN/`.
    public var file: String {
        switch self {
        case .device(let name): name
        case .channel(_, _, let file): file
        }
    }

    public var description: String { file }
}
