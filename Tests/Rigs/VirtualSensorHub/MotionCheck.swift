import Foundation
import MotionMath
import MotionSimulation

/// Compares `bodyreadings stream --format jsonl` output with the trajectory's truth: gravity direction, rotation
/// rate, update spacing, and the final summary's loss counters. The assertion of the tier's stream scenarios.
///
/// Rows are matched to the truth at `t − start`, where `t` is either CLOCK_REALTIME (kernel timestamps; told apart by
/// being after 2001) or CLOCK_MONOTONIC (host arrival times) and `start` the same clock's reading at the trajectory's
/// t = 0; for trajectories that do not move (rest, tilt) the time does not matter.
public struct MotionCheck: Sendable {
    /// What to compare against and how strictly.
    public struct Settings: Sendable {
        public var trajectory: HubTrajectory = .rest
        /// CLOCK_REALTIME seconds of the trajectory's t = 0 (the hub's `--start-file`); nil for a still trajectory.
        public var start: Double?
        /// CLOCK_MONOTONIC seconds of the trajectory's t = 0, for rows timed by the monotonic clock.
        public var startMonotonic: Double?
        /// Rows in the first `settle` seconds are not judged (the filter converging). Default 1 s.
        public var settle = 1.0
        /// Largest gravity direction error, degrees. Default 2 (the bound).
        public var maximumGravityAngle = 2.0
        /// Largest rotation-rate error (vector norm), rad/s. Default: unchecked.
        public var maximumRotationRateError = Double.infinity
        /// The `--interval` asked, seconds: the mean spacing must be within 5 % (longer only by the rows that
        /// ``feederSends``' stalls could cost) and no gap above `maximumGapIntervals` intervals.
        public var interval: Double?
        /// The largest gap between rows allowed, in intervals. Default 3.
        public var maximumGapIntervals = 3.0
        /// Rows expected (±5 %), e.g. duration / interval; nil: unchecked. With ``feederSends``, up to as many fewer
        /// as the hub's stalls while the sensor streamed could cost (``FeederStall/updatesLost(updateInterval:)``,
        /// the sensor that lost most): rows the product never had a sample for, and rows that `stream --duration`'s
        /// wall-clock stop, a second after the sample-time one, cuts off when the feeder held back more than that.
        public var expectedRows: Int?
        /// Accept non-zero loss counters in the summary (for scenarios about something else, e.g. permissions).
        public var toleratesLosses = false
        /// The fraction of rows whose samples a polled schedule may miss (default 0): a poll that the machine wakes
        /// late skips its tick, and the stream reports it as an overrun. Allowed only when the report is honest:
        /// every overrun a gap of more than 1.5 intervals between rows, the missed samples no more than those gaps
        /// hold, and no samples dropped or buffers overflowed. Needs `interval`.
        public var missedFraction = 0.0
        /// Per sensor, what the hub sent and when (its `--send-log`), or nil. It tells the rig's stalls from the
        /// product's losses: a stall is two consecutive sends, while the sensor streamed, more than 1.5 report
        /// intervals (their median spacing) apart — the guest descheduled on a loaded host, when the kernel's
        /// timestamps show the gap whatever the product does, and each sensor's capture sees it. Then overruns up to
        /// the count of stalls between the first and last row (of all sensors), missed samples up to what they held,
        /// row gaps over the limit that overlap a stall, and the rows the stalls cost (see ``expectedRows``) are the
        /// rig's; nothing may be dropped or overflow, and every other loss fails. Only for rows timed by
        /// CLOCK_REALTIME.
        public var feederSends: [String: FeederRecord]?

        public init() {}
    }

    /// Statistics and failures (none: passed).
    public struct Result: Sendable {
        public var rows = 0
        public var judged = 0
        public var maximumGravityAngle = 0.0
        public var maximumRotationRateError = 0.0
        public var meanInterval = 0.0
        public var maximumGap = 0.0
        public var summary: [String: Int] = [:]
        /// The feeder's stalls between the first and the last row (with ``Settings/feederSends``).
        public var feederStalls: [FeederStall] = []
        /// Rows the feeder's stalls could cost while the sensors streamed, from their switch-on to their switch-off
        /// (the sensor that lost most); ``Settings/expectedRows`` is lowered by them. 0 without expected rows.
        public var rowsLostToFeeder = 0
        public var failures: [String] = []

        public var description: String {
            var text = String(
                format: "%d rows (%d judged), gravity error max %.2f°, rotation rate error max %.4f rad/s, "
                    + "interval mean %.4f s max %.4f s", rows, judged, maximumGravityAngle, maximumRotationRateError,
                meanInterval, maximumGap)
            if !summary.isEmpty {
                text += ", " + summary.keys.sorted().map { "\($0) \(summary[$0] ?? 0)" }.joined(separator: " ")
            }
            if !feederStalls.isEmpty {
                let longest = feederStalls.map { $0.end - $0.start }.max() ?? 0
                text += String(format: ", feeder stalls %d (longest %.3f s)", feederStalls.count, longest)
            }
            if rowsLostToFeeder > 0 { text += ", \(rowsLostToFeeder) rows lost to them" }
            return text
        }
    }

    public let settings: Settings

    public init(settings: Settings) {
        self.settings = settings
    }

    /// Checks the JSON lines in `text`.
    public func check(_ text: String) -> Result {
        var result = Result()
        let motion = settings.trajectory.make()
        var times: [Double] = []
        for line in text.split(separator: "\n") {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                result.failures.append("not a JSON object: \(line.prefix(80))")
                continue
            }
            if let summary = object["summary"] as? [String: Any] {
                for (key, value) in summary {
                    if let number = value as? NSNumber { result.summary[key] = number.intValue }
                }
                continue
            }
            guard let t = object["t"] as? Double, let gravity = Self.vector(object["gravity"]),
                let rate = Self.vector(object["rotation_rate"])
            else {
                result.failures.append("row without t, gravity or rotation_rate: \(line.prefix(80))")
                continue
            }
            result.rows += 1
            times.append(t)
            guard let first = times.first, t - first >= settings.settle else { continue }
            let start = t > 1e9 ? settings.start : settings.startMonotonic
            let truth = motion.truth(at: start.map { t - $0 } ?? 0)
            result.judged += 1
            let cosine = gravity.normalized.dot(truth.gravity.normalized)
            let angle = acos(min(1, max(-1, cosine))) * 180 / .pi
            result.maximumGravityAngle = max(result.maximumGravityAngle, angle.isNaN ? 180 : angle)
            result.maximumRotationRateError = max(result.maximumRotationRateError, (rate - truth.angularVelocity).norm)
        }
        if result.judged == 0 { result.failures.append("no rows after the \(settings.settle) s settling time") }
        if result.maximumGravityAngle > settings.maximumGravityAngle {
            result.failures.append(
                String(format: "gravity direction off by %.2f° (limit %.1f°)", result.maximumGravityAngle,
                    settings.maximumGravityAngle))
        }
        if result.maximumRotationRateError > settings.maximumRotationRateError {
            result.failures.append(
                String(format: "rotation rate off by %.4f rad/s (limit %.4f)", result.maximumRotationRateError,
                    settings.maximumRotationRateError))
        }
        if times.count > 1, let first = times.first, let last = times.last {
            result.meanInterval = (last - first) / Double(times.count - 1)
            result.maximumGap = zip(times.dropFirst(), times).map { $0 - $1 }.max() ?? 0
            if zip(times.dropFirst(), times).contains(where: { $0 <= $1 }) {
                result.failures.append("t is not strictly increasing")
            }
        }
        // Rows between the first and the last that the feeder's stalls could cost.
        var rowsLostBetween = 0
        if let records = settings.feederSends, let first = times.first, let last = times.last, first > 1e9 {
            let sensors = records.keys.sorted().compactMap { records[$0] }
            result.feederStalls = sensors.flatMap { FeederStall.stalls(in: $0, from: first, to: last) }
            if let interval = settings.interval {
                func lost(_ window: (FeederRecord) -> ClosedRange<Double>) -> Int {
                    sensors.map { record in
                        FeederStall.stalls(in: record, from: window(record).lowerBound, to: window(record).upperBound)
                            .reduce(0) { $0 + $1.updatesLost(updateInterval: interval) }
                    }.max() ?? 0
                }
                rowsLostBetween = lost { _ in first...last }
                if settings.expectedRows != nil {
                    result.rowsLostToFeeder = lost { $0.streamingWindow(first: first, last: last) }
                }
            }
        }
        let gaps = zip(times.dropFirst(), times).map { (start: $1, end: $0) }
        if let interval = settings.interval {
            // Spaced wider only by what the feeder's stalls cost: the mean over the rows plus those.
            let spacings = Double(max(1, times.count - 1))
            let withLost = result.meanInterval * spacings / (spacings + Double(rowsLostBetween))
            if result.meanInterval < interval * 0.95 || withLost > interval * 1.05 {
                result.failures.append(String(format: "mean interval %.4f s, asked %.4f s", result.meanInterval, interval))
            }
            // A gap the feeder's own stall explains is the rig's.
            let unexplained = gaps.filter { gap in
                gap.end - gap.start > settings.maximumGapIntervals * interval
                    && !result.feederStalls.contains { $0.start < gap.end && $0.end > gap.start }
            }
            if let widest = unexplained.map({ $0.end - $0.start }).max() {
                result.failures.append(String(format: "gap of %.3f s (asked %.3f s)", widest, interval))
            }
        }
        if let asked = settings.expectedRows {
            let lost = result.rowsLostToFeeder
            let fewest = Double(max(0, asked - lost)) * 0.95, most = Double(asked) * 1.05
            if Double(result.rows) < fewest || Double(result.rows) > most {
                result.failures.append(
                    "\(result.rows) rows, expected \(asked) ± 5 %" + (lost > 0 ? " less up to \(lost) lost to the feeder" : ""))
            }
        }
        if !settings.toleratesLosses {
            result.failures += lossFailures(result, gaps: gaps.map { $0.end - $0.start })
        }
        return result
    }

    /// The summary's loss counters that are not allowed: any, or with `missedFraction`, overruns and missed samples
    /// beyond the fraction or beyond what the rows' gaps show.
    private func lossFailures(_ result: Result, gaps: [Double]) -> [String] {
        var failures: [String] = []
        var lateKeys: Set<String> = []
        if settings.feederSends != nil {
            lateKeys = ["overruns", "missed_samples"]
            let stalls = result.feederStalls
            let overruns = result.summary["overruns"] ?? 0, missed = result.summary["missed_samples"] ?? 0
            let held = stalls.reduce(0) { $0 + $1.held }
            if overruns > stalls.count || missed > held {
                failures.append(
                    "overruns \(overruns) (missed_samples \(missed)) but the feeder stalled \(stalls.count) time(s), "
                        + "holding \(held) report(s)")
            }
        } else if settings.missedFraction > 0, let interval = settings.interval {
            lateKeys = ["overruns", "missed_samples"]
            let late = gaps.map { $0 / interval }.filter { $0 > 1.5 }
            let overruns = result.summary["overruns"] ?? 0, missed = result.summary["missed_samples"] ?? 0
            let allowed = Int((settings.missedFraction * Double(result.rows)).rounded(.down))
            let held = late.reduce(0) { $0 + Int($1.rounded()) - 1 }
            if missed > allowed {
                failures.append("missed_samples \(missed), more than \(allowed) of \(result.rows) rows")
            }
            if overruns > late.count || missed > held {
                failures.append(
                    "overruns \(overruns) (missed_samples \(missed)) but the rows show \(late.count) gap(s) over 1.5 "
                        + "intervals holding \(held) sample(s)")
            }
        }
        for key in ["overruns", "missed_samples", "dropped_readings", "buffer_overflows"] where !lateKeys.contains(key) {
            if let count = result.summary[key], count != 0 { failures.append("\(key) \(count)") }
        }
        return failures
    }

    private static func vector(_ value: Any?) -> Vector3? {
        guard let object = value as? [String: Any], let x = object["x"] as? Double, let y = object["y"] as? Double,
            let z = object["z"] as? Double
        else { return nil }
        return Vector3(x, y, z)
    }
}
