import Sensors

extension MotionSourceInfo {
    /// What an accelerometer without a gyroscope gives and costs, said once when device motion starts on one (stream's
    /// stderr, `MotionManager`'s `calibrationLog`): with a magnetometer the heading is a tilt-compensated compass's.
    public var accelerometerOnlyNote: String {
        let heading =
            hasMagnetometer
            ? "the heading comes from the magnetometer, levelled by that gravity and low-passed the same way (a magnet "
                + "near by turns it: nothing tells a disturbed field from a turn); rotation rate and user acceleration "
                + "are not measured (null in jsonl, nan in csv)"
            : "rotation rate, user acceleration and heading are not measured (null in jsonl, nan in csv; the "
                + "attitude's heading stays 0)"
        return "\(name) has no gyroscope: gravity (roll and pitch) comes from the accelerometer alone, low-passed over "
            + "0.1 s, so it lags a tilt and any motion disturbs it; " + heading
    }
}
