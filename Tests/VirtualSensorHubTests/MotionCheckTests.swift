import Foundation
import MotionMath
import MotionSimulation
import Testing
@testable import VirtualSensorHub

@Suite("Stream output against the truth")
struct MotionCheckTests {
    /// JSON lines like `bodyreadings stream --format jsonl`, from the truth of `trajectory`, gravity turned by
    /// `tilt` radians about x, every `interval` s from absolute time `start`, leaving out the rows in `skipping`.
    func lines(
        _ trajectory: HubTrajectory, start: Double, count: Int, interval: Double, tilt: Double = 0,
        skipping: Set<Int> = [],
        summary: String = #"{"summary":{"updates":0,"overruns":0,"missed_samples":0,"dropped_readings":0,"buffer_overflows":0}}"#
    ) -> String {
        let motion = trajectory.make()
        let turn = Quaternion(axis: Vector3(1, 0, 0), angle: tilt)
        var text = ""
        for index in 0..<count where !skipping.contains(index) {
            let t = Double(index) * interval
            let truth = motion.truth(at: t)
            let g = turn.rotate(truth.gravity), w = truth.angularVelocity
            text += #"{"t":\#(start + t),"attitude":{"w":1,"x":0,"y":0,"z":0},"#
                + #""rotation_rate":{"x":\#(w.x),"y":\#(w.y),"z":\#(w.z)},"#
                + #""gravity":{"x":\#(g.x),"y":\#(g.y),"z":\#(g.z)},"user_acceleration":{"x":0,"y":0,"z":0}}"# + "\n"
        }
        return text + summary + "\n"
    }

    func settings(_ trajectory: HubTrajectory, start: Double) -> MotionCheck.Settings {
        var settings = MotionCheck.Settings()
        settings.trajectory = trajectory
        settings.start = start
        settings.interval = 0.02
        settings.expectedRows = 200
        settings.maximumRotationRateError = 0.05
        return settings
    }

    @Test("the truth itself passes, at rest and swaying, with absolute times")
    func truthPasses() {
        for trajectory in [HubTrajectory.tilt, .sway] {
            let start = 1_790_000_000.5
            let result = MotionCheck(settings: settings(trajectory, start: start))
                .check(lines(trajectory, start: start, count: 200, interval: 0.02))
            #expect(result.failures.isEmpty, "\(trajectory): \(result.failures)")
            #expect(result.rows == 200 && result.judged == 150)
            #expect(result.maximumGravityAngle < 1e-4)  // t near 1.8e9 s prints to ~1 µs
        }
    }

    @Test("gravity 3° off fails the 2° bound")
    func gravityOff() {
        let result = MotionCheck(settings: settings(.tilt, start: 0))
            .check(lines(.tilt, start: 0, count: 200, interval: 0.02, tilt: 3 * Double.pi / 180))
        #expect(result.failures.contains { $0.hasPrefix("gravity direction") })
        // Turning about x moves the tilted gravity by a little less than 3° (it has an x component).
        #expect(result.maximumGravityAngle > 2.9 && result.maximumGravityAngle < 3.0001)
    }

    @Test("monotonic row times use the monotonic start; a 0.3 s clock error fails")
    func monotonic() {
        var aligned = settings(.sway, start: 0)
        aligned.start = nil
        aligned.startMonotonic = 168.25
        let rows = lines(.sway, start: 168.25, count: 200, interval: 0.02)
        let good = MotionCheck(settings: aligned).check(rows)
        #expect(good.failures.isEmpty, "\(good.failures)")
        var misaligned = aligned
        misaligned.startMonotonic = 168.55
        #expect(MotionCheck(settings: misaligned).check(rows).failures.contains { $0.hasPrefix("gravity direction") })
    }

    @Test("wrong spacing, missing rows and reported losses fail")
    func lossAndTiming() {
        let slow = MotionCheck(settings: settings(.tilt, start: 0)).check(lines(.tilt, start: 0, count: 200, interval: 0.03))
        #expect(slow.failures.contains { $0.hasPrefix("mean interval") })
        let few = MotionCheck(settings: settings(.tilt, start: 0)).check(lines(.tilt, start: 0, count: 150, interval: 0.02))
        #expect(few.failures.contains { $0.contains("expected 200") })
        let lossy = MotionCheck(settings: settings(.tilt, start: 0)).check(
            lines(.tilt, start: 0, count: 200, interval: 0.02,
                  summary: #"{"summary":{"updates":200,"overruns":2,"missed_samples":5,"dropped_readings":0,"buffer_overflows":0}}"#))
        #expect(lossy.failures.contains("overruns 2") && lossy.failures.contains("missed_samples 5"))
        var tolerant = settings(.tilt, start: 0)
        tolerant.toleratesLosses = true
        #expect(MotionCheck(settings: tolerant).check(
            lines(.tilt, start: 0, count: 200, interval: 0.02,
                  summary: #"{"summary":{"updates":200,"overruns":2,"missed_samples":5,"dropped_readings":0,"buffer_overflows":0}}"#)
        ).failures.isEmpty)
    }

    /// A summary with these loss counters, as the stream prints it.
    func summary(overruns: Int, missed: Int, dropped: Int = 0) -> String {
        #"{"summary":{"updates":200,"overruns":\#(overruns),"missed_samples":\#(missed),"dropped_readings":\#(dropped),"#
            + #""buffer_overflows":0}}"#
    }

    @Test("a polled schedule may miss a few samples, when the rows' gaps show them and nothing was dropped")
    func lateSamples() {
        var polled = settings(.tilt, start: 0)
        polled.missedFraction = 0.01
        polled.expectedRows = 199
        func check(_ skipping: Set<Int>, _ summary: String, _ settings: MotionCheck.Settings) -> [String] {
            MotionCheck(settings: settings).check(
                lines(.tilt, start: 0, count: 200, interval: 0.02, skipping: skipping, summary: summary)
            ).failures
        }
        // One poll woken late: row 120 is missing (a gap of 2 intervals) and the stream reports it.
        #expect(check([120], summary(overruns: 1, missed: 1), polled).isEmpty)
        var strict = polled
        strict.missedFraction = 0
        #expect(check([120], summary(overruns: 1, missed: 1), strict) == ["overruns 1", "missed_samples 1"])
        // Reported but not in the rows, or more than the gaps hold: not an honest report.
        #expect(check([], summary(overruns: 1, missed: 1), polled).contains { $0.contains("the rows show 0 gap(s)") })
        #expect(check([120], summary(overruns: 1, missed: 2), polled).contains { $0.contains("holding 1 sample(s)") })
        // More than 1 % of 197 rows, even when the gaps show them.
        #expect(check([40, 80, 120], summary(overruns: 3, missed: 3), polled)
            .contains("missed_samples 3, more than 1 of 197 rows"))
        // Dropped readings are never a late poll.
        #expect(check([120], summary(overruns: 1, missed: 1, dropped: 1), polled) == ["dropped_readings 1"])
    }

    @Test("the hub's own stall excuses the overruns and the gap it caused, and nothing else")
    func feederStalls() {
        let start = 1_796_083_200.0
        let buffered = settings(.tilt, start: start)
        // The guest was descheduled for 0.1 s: the hub sent no report between rows 119 and 124 (5 intervals, over
        // the 3 allowed), and each of the accelerometer's and gyroscope's captures reported the gap.
        let rows = lines(.tilt, start: start, count: 200, interval: 0.02, skipping: [120, 121, 122, 123],
                         summary: summary(overruns: 2, missed: 8))
        func sends(stallingAfter stall: Int?) -> [String: FeederRecord] {
            let times = (-50..<200).filter { stall == nil || !((stall! + 1)...(stall! + 4)).contains($0) }
                .map { start + Double($0) * 0.02 }
            return ["accel_3d": FeederRecord(sends: times), "gyro_3d": FeederRecord(sends: times.map { $0 + 0.001 })]
        }
        func check(_ sends: [String: FeederRecord]?, _ text: String = rows) -> MotionCheck.Result {
            var settings = buffered
            settings.feederSends = sends
            return MotionCheck(settings: settings).check(text)
        }
        let stalled = check(sends(stallingAfter: 119))
        #expect(stalled.failures.isEmpty, "\(stalled.failures)")
        #expect(stalled.feederStalls.count == 2 && stalled.feederStalls.allSatisfy { $0.held == 4 })
        #expect(stalled.rowsLostToFeeder == 4)
        // Without the hub's record, or with a record of regular sends, the same rows are the product's losses.
        #expect(check(nil).failures.contains("overruns 2") && check(nil).failures.contains { $0.hasPrefix("gap of") })
        let regular = check(sends(stallingAfter: nil)).failures
        #expect(regular.contains { $0.contains("the feeder stalled 0 time(s)") })
        #expect(regular.contains { $0.hasPrefix("gap of") })
        #expect(check(sends(stallingAfter: nil)).rowsLostToFeeder == 0)
        // A stall at another time does not explain the gap.
        let elsewhere = check(sends(stallingAfter: 20)).failures
        #expect(elsewhere.contains { $0.hasPrefix("gap of") })
        // More than the stalls held, or anything dropped, is never the rig's.
        #expect(check(sends(stallingAfter: 119), lines(.tilt, start: start, count: 200, interval: 0.02,
            skipping: [120, 121, 122, 123], summary: summary(overruns: 3, missed: 8))).failures
            .contains { $0.contains("the feeder stalled 2 time(s), holding 8 report(s)") })
        #expect(check(sends(stallingAfter: 119), lines(.tilt, start: start, count: 200, interval: 0.02,
            skipping: [120, 121, 122, 123], summary: summary(overruns: 2, missed: 8, dropped: 1))).failures
            == ["dropped_readings 1"])
    }

    @Test("rows the hub never sent samples for are the rig's; its idle while the sensor was off is not a stall")
    func rowsLostToFeeder() {
        let start = 1_796_083_200.0
        var asked = settings(.tilt, start: start)
        asked.expectedRows = 250
        // 200 rows of 250 asked: `stream --duration 5` stopped on the wall clock, a second after 5 s of sample time,
        // because the first sample came 2 s after the sensor was switched on.
        let rows = lines(.tilt, start: start, count: 200, interval: 0.02)
        let streaming = (0..<200).map { start + Double($0) * 0.02 }
        let idleBefore = (-3000 ..< -2500).map { start + Double($0) * 0.02 }
        func check(switchedOn: Double?, sends: [Double]) -> MotionCheck.Result {
            var settings = asked
            // Without a switch-on, the record has no switches at all (a hub that did not log them).
            let record = switchedOn.map {
                FeederRecord(sends: idleBefore + sends, switchedOn: [start - 60, $0], switchedOff: [start - 50, start + 4.5])
            } ?? FeederRecord(sends: idleBefore + sends)
            settings.feederSends = ["accel_3d": record, "gyro_3d": FeederRecord(sends: idleBefore + streaming)]
            return MotionCheck(settings: settings).check(rows)
        }
        // The hub sent nothing for the first 2 s after the switch-on: 1.98 s lost, 99 rows.
        let late = check(switchedOn: start - 2, sends: streaming)
        #expect(late.failures.isEmpty, "\(late.failures)")
        #expect(late.rowsLostToFeeder == 99 && late.feederStalls.isEmpty)
        // The hub sent from the switch-on: the missing rows are the product's.
        let prompt = check(switchedOn: start - 2, sends: (-100..<200).map { start + Double($0) * 0.02 })
        #expect(prompt.rowsLostToFeeder == 0)
        #expect(prompt.failures == ["200 rows, expected 250 ± 5 %"])
        // Without switches in the record, the 50 s without sends before this stream count only within the rows.
        let unrecorded = check(switchedOn: nil, sends: streaming)
        #expect(unrecorded.rowsLostToFeeder == 0 && unrecorded.failures == ["200 rows, expected 250 ± 5 %"])
        // A stall after the last row while the sensor still streamed costs rows too, but not enough here.
        let end = check(switchedOn: start, sends: streaming + [start + 4.49])
        #expect(end.rowsLostToFeeder == 24)
        #expect(end.failures == ["200 rows, expected 250 ± 5 % less up to 24 lost to the feeder"])
        // Too many rows are never the feeder's.
        let many = lines(.tilt, start: start, count: 270, interval: 0.02)
        var settings = asked
        settings.feederSends = ["accel_3d": FeederRecord(sends: streaming, switchedOn: [start - 2])]
        #expect(MotionCheck(settings: settings).check(many).failures == ["270 rows, expected 250 ± 5 % less up to 99 lost to the feeder"])
    }

    @Test("a mean spacing longer than asked is the rig's only by the rows its stalls cost")
    func spacingWithStalls() {
        let start = 1_796_083_200.0
        var asked = settings(.tilt, start: start)
        asked.maximumGapIntervals = 10
        // Every 10th row missing: 180 rows over 200 intervals, a mean spacing 11 % over 0.02 s.
        let missing = Set(stride(from: 5, to: 200, by: 10))
        let rows = lines(.tilt, start: start, count: 200, interval: 0.02, skipping: missing)
        func check(stallingAt stalls: Set<Int>) -> [String] {
            var settings = asked
            let sends = (0..<200).filter { !stalls.contains($0) }.map { start + Double($0) * 0.02 }
            settings.feederSends = ["accel_3d": FeederRecord(sends: sends, switchedOn: [start])]
            return MotionCheck(settings: settings).check(rows).failures
        }
        // The hub held back each missing row's sample: 2 intervals without a send, one row each.
        #expect(check(stallingAt: missing) == [])
        // Half of them only: the rest are the product's.
        #expect(check(stallingAt: Set(missing.sorted().prefix(10))).contains { $0.hasPrefix("mean interval") })
        #expect(check(stallingAt: []).contains { $0.hasPrefix("mean interval") })
    }

    @Test("empty or malformed input fails")
    func malformed() {
        #expect(!MotionCheck(settings: MotionCheck.Settings()).check("").failures.isEmpty)
        #expect(MotionCheck(settings: MotionCheck.Settings()).check("t,gravity_x\n").failures.contains { $0.hasPrefix("not a JSON") })
    }
}
