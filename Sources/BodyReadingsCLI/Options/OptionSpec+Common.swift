import ReadingFormats

/// The options several commands share: the libiio context, JSON output, pacing and stopping, output format and units.
/// Commands that say more about one of them declare `.interval.described(…)` in their option list.
extension OptionSpec {
    /// `--uri URI`: the libiio context, shared by every command that touches sensors.
    public static let uri = OptionSpec(
        ["--uri"], value: "URI", kind: .context,
        help: "libiio context: local: (default), ip:HOST[:PORT], usb:[BUS.ADDR], xml:FILE"
    )
    /// `--json`: machine-readable output.
    public static let json = OptionSpec(["--json"], help: "Print JSON instead of the human-readable answer.")
    /// `--interval SECONDS`: the update interval.
    static let interval = OptionSpec(
        ["--interval"], value: "SECONDS", kind: .number, default: "0.1", help: "Seconds between updates.")
    /// `--duration SECONDS`: stop after this long.
    static let duration = OptionSpec(
        ["--duration"], value: "SECONDS", kind: .number, help: "Stop after this many seconds.")
    /// `--count N`: stop after N updates.
    static let count = OptionSpec(["--count"], value: "N", kind: .wholeNumber, help: "Stop after N updates.")
    /// `--format FORMAT`: the output format; each command declares its own set.
    static let format = OptionSpec(
        ["--format"], value: "FORMAT", kind: .choice(["human", "csv", "jsonl"]),
        help: "human (default on a terminal: one live line), csv (default otherwise) or jsonl.")
    /// `--units UNITS`: accelerations in m/s² or g.
    static let units = OptionSpec(
        ["--units"], value: "UNITS", kind: .choice(MotionOutputUnits.optionValues), default: "si",
        help: "Accelerations in si (m/s²) or g.")
    /// `--raw`: every calibrated sample instead of fused motion.
    static let raw = OptionSpec(
        ["--raw"], help: "Stream every calibrated sample in the recording format instead of fused motion.")
    /// `--output FILE`, `-o FILE`.
    static let output = OptionSpec(
        ["--output", "-o"], value: "FILE", kind: .file, help: "Write to FILE instead of stdout.")
}
