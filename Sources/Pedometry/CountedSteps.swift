/// Turns the readings of a hardware step counter — a running count polled now and then, and the chip's activity
/// confidences — into the same `Step`s the software detector reports, so that every consumer of steps (the `steps`
/// output, a pedometer, the store) handles both counters alike.
///
/// A poll that finds the count advanced by n reports n steps, spread evenly over the time since the previous poll
/// (a chip polled at 10 Hz counts at most a step or two between polls, so the times are within 0.1 s of the truth).
/// Cadence is measured over the steps of the last `cadenceWindow` seconds; activity is the chip's own (the most
/// confident of still, walking, running) when it reports one — except that a step is never still — else it follows
/// from the cadence like the software detector's (`StepDetector.Settings.runningCadence`), and becomes still when no
/// step came for `stillAfter` seconds.
///
/// Constant memory: the times of the last 16 steps.
public struct CountedSteps: Sendable {
    /// The window over which cadence is measured, s. Default 6 s: long enough for a steady value at 1 step/s,
    /// short enough to follow a change of pace.
    public var cadenceWindow = 6.0
    /// No step for this long means still, s. Default 2.5 s (the software detector ends a walk after 2.5 periods).
    public var stillAfter = 2.5
    /// Cadences above this are running, steps/s. Default: the software detector's, 2.5 steps/s.
    public var runningCadence = StepDetector.Settings().runningCadence

    /// Steps counted since the first poll.
    public private(set) var steps = 0
    /// The activity now.
    public private(set) var activity = Activity.still
    /// The chip's own activity, when it reports one (nil: derived from the cadence).
    private var chipActivity: Activity?
    private var lastPoll: (time: Double, count: Int)?
    private var recent: [Double] = []

    public init() {
        recent.reserveCapacity(16)
    }

    /// The cadence now, steps/min (0 while still).
    public var cadence: Double {
        guard activity != .still, recent.count >= 2 else { return 0 }
        let times = recent.sorted()
        guard let first = times.first, let last = times.last, last > first else { return 0 }
        return 60 * Double(times.count - 1) / (last - first)
    }

    /// Takes a poll of the counter: `count` steps since the capture started (never decreasing; its wrap-around
    /// undone), read at `time` s. Calls `onStep` for each new step, in time order. A poll that does not move time
    /// forward or whose count went down is ignored.
    public mutating func update(time: Double, count: Int, onStep: (Step) -> Void) {
        guard time.isFinite else { return }
        guard let previous = lastPoll else {
            lastPoll = (time, count)
            return
        }
        guard time > previous.time, count >= previous.count else { return }
        lastPoll = (time, count)
        let new = count - previous.count
        if new == 0 {
            if let last = latestStep, time - last > stillAfter { activity = .still }
            return
        }
        for k in 1...new {
            let t = previous.time + (time - previous.time) * Double(k) / Double(new)
            remember(t)
            steps += 1
            // A step is never still: a chip that has not yet changed its mind is overruled by the step itself.
            let byCadence: Activity = cadence / 60 > runningCadence ? .running : .walking
            activity = chipActivity.flatMap { $0 == .still ? nil : $0 } ?? byCadence
            onStep(Step(t: t, count: steps, cadence: cadence, activity: activity))
        }
    }

    /// The capture started over (its count starts again from 0): the next poll is the new baseline; the steps
    /// counted so far are kept.
    public mutating func restart() {
        lastPoll = nil
    }

    /// Takes the chip's activity confidences, 0–100 % each (`in_activity_{still,walking,running}_input`): the most
    /// confident one is the activity from now on; all zero means the chip does not say.
    public mutating func updateActivity(still: Double, walking: Double, running: Double) {
        let candidates: [(Activity, Double)] = [(.still, still), (.walking, walking), (.running, running)]
        guard let best = candidates.filter({ $0.1.isFinite && $0.1 > 0 }).max(by: { $0.1 < $1.1 }) else {
            chipActivity = nil
            return
        }
        chipActivity = best.0
        activity = best.0
    }

    private var latestStep: Double? { recent.max() }

    /// Keeps `time` among the recent step times: at most 16, none older than the cadence window.
    private mutating func remember(_ time: Double) {
        recent.removeAll { time - $0 > cadenceWindow }
        if recent.count == 16 { recent.remove(at: recent.indices.min { recent[$0] < recent[$1] } ?? 0) }
        recent.append(time)
    }
}
