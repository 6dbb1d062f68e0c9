extension DiscoveredSensor {
    /// True when `other` is a sensor of the same physical chip: one device (the same identity), two devices below
    /// the same parent on a local context (st_lsm6dsx's `lsm6ds3_accel` and `lsm6ds3_gyro` under one I²C client), or,
    /// where the parent is unknown (through iiod), two devices whose names differ only by their sensor suffix.
    func isOnSameChip(as other: DiscoveredSensor) -> Bool {
        if identity == other.identity { return true }
        if let parent, let otherParent = other.parent { return parent == otherParent }
        guard let stem = chipStem, let otherStem = other.chipStem else { return false }
        return stem == otherStem
    }

    /// The device name without its sensor suffix (`lsm6ds3` for `lsm6ds3_gyro`, `icm42605` for `icm42605-accel`),
    /// nil when it has none.
    var chipStem: String? {
        for suffix in ["_accel", "-accel", "_gyro", "-gyro", "_magn", "-magn"] where deviceName.hasSuffix(suffix) {
            return String(deviceName.dropLast(suffix.count))
        }
        return nil
    }
}
