import BodyReadings
import TextFormats

/// The options only one command takes: `steps`, `altitude`, `record`, `fuse`, `calibrate`, `history` and `benchmark`.
extension OptionSpec {
    static let height = OptionSpec(
        ["--height"], value: "METRES", kind: .number, default: FixedDecimal.readable(StepDetector.Settings().height),
        help: "The walker's height, for the distance.")
    static let floorHeight = OptionSpec(
        ["--floor-height"], value: "METRES", kind: .number,
        default: FixedDecimal.readable(FlightCounter.Settings().floorHeight), help: "The height of a floor.")
    static let stepLength = OptionSpec(
        ["--step-length"], value: "METRES", kind: .number,
        help: "The distance of one step (default: 0.414 × height, 0.70 m at 1.70 m).")
    static let ppg = OptionSpec(
        ["--ppg"], help: "Record the pulse sensor too where that is not the default (--source sim).")
    static let noPPG = OptionSpec(
        ["--no-ppg"], help: "Leave the pulse sensor out: only the IMU columns, as a recording without one.")
    static let noMagnetometer = OptionSpec(
        ["--no-magnetometer"], help: "Ignore magnetometer columns: 6D fusion, heading arbitrary.")
    static let offline = OptionSpec(
        ["--offline"],
        help: "Smooth: read the whole recording first and let every estimate use the samples after it "
            + "too (more accurate; memory grows with the recording, about 185 bytes per sample).")
    static let timeout = OptionSpec(
        ["--timeout"], value: "SECONDS", kind: .number,
        help: "Live: give up after this long (default "
            + CalibrateCommand.actions.compactMap { action in
                CalibrateCommand.defaultTimeouts[action].map { "\(action) \(FixedDecimal.readable($0))" }
            }.joined(separator: ", ") + ").")
    static let sensor = OptionSpec(
        ["--sensor"], value: "ID",
        help: "The sensor's identity (default: from discovery; replay:<file name> for a recording).")
    static let level = OptionSpec(
        ["--level"], help: "accel: offset only, from the device lying flat (screen up) on a level table (laptops).")
    static let free = OptionSpec(
        ["--free"], help: "accel, live: twelve still poses in any orientations (ellipsoid fit) instead of the faces.")
    static let dryRun = OptionSpec(["--dry-run"], help: "Compute and print the calibration, write nothing.")
    static let today = OptionSpec(["--today"], help: "The local day so far (the default).")
    static let from = OptionSpec(
        ["--from"], value: "TIME", help: "Start: a date (2026-11-30) or time (see TIMES).")
    static let to = OptionSpec(["--to"], value: "TIME", help: "End (default now); a date includes that whole day.")
    static let per = OptionSpec(
        ["--per"], value: "UNIT", kind: .choice(["minute", "hour", "day"]), default: "day",
        help: "Bucket: minute, hour or day.")
    static let seconds = OptionSpec(
        ["--seconds"], value: "S", kind: .number, default: "3",
        help: "Minimum time per mode, in seconds.")
}
