import Sensors

extension MotionSourceInfo {
    /// What an accelerometer without a gyroscope gives and costs, said once when device motion starts on one (stream's
    /// stderr, `MotionManager`'s `calibrationLog`).
    public var accelerometerOnlyNote: String {
        "\(name) has no gyroscope: gravity (roll and pitch) comes from the accelerometer alone, low-passed over 0.1 s, "
            + "so it lags a tilt and any motion disturbs it; rotation rate, user acceleration and heading are not "
            + "measured (null in jsonl, nan in csv; the attitude's heading stays 0)"
    }
}
