/// Where a sensor's mount matrix came from.
public enum MountMatrixSource: String, Sendable, Hashable, Codable {
    /// The driver's sysfs attribute (named in ``DiscoveredSensor/mountMatrixAttribute``).
    case attribute
    /// The udev property `ACCEL_MOUNT_MATRIX` (systemd's `60-sensor.hwdb` or a local hwdb override), which wins
    /// over the attribute.
    case udev
    /// Neither exists (or values cannot be read, on `xml:` contexts): identity assumed.
    case none
}
