/// How fused motion (and `heart-rate`'s beats) are printed (`--format`): CSV with a header, or one JSON object per line.
public enum MotionOutputFormat: String, Sendable, CaseIterable {
    /// `t,attitude_w,…,user_acceleration_z` header, then one row per estimate.
    case csv
    /// `{"t":…,"attitude":{"w":…,"x":…,"y":…,"z":…},"rotation_rate":{…},"gravity":{…},"user_acceleration":{…}}`.
    case jsonl

    /// The `--format` option's values.
    public static let optionValues = allCases.map(\.rawValue)
}
