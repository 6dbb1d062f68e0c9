import MotionSimulation

/// What a step-counting chip (the BMA400) counts while a trajectory is played: the trajectory's true steps, only while
/// the counter is enabled (`in_steps_en` = 1), added to the counter's value when serving began, in a counter
/// `bits` wide that wraps to 0; and the activity those steps show.
struct StepCounterModel: Sendable {
    /// The counter's value when serving began (the fixture's `in_steps_input`).
    var initial: Int
    /// The counter's width, bits.
    var bits = 24
    /// Steps counted in the enabled intervals that have ended.
    private var counted = 0
    /// Trajectory time at which the counter was last enabled, nil while disabled.
    private var enabledSince: Double?

    init(initial: Int) {
        self.initial = initial
    }

    /// The counter is switched on or off at trajectory time `time`, s.
    mutating func setEnabled(_ enabled: Bool, at time: Double, trajectory: any Trajectory) {
        if enabled {
            if enabledSince == nil { enabledSince = time }
        } else if let since = enabledSince {
            counted += trajectory.stepCount(from: since, to: time)
            enabledSince = nil
        }
    }

    /// The counter's value at trajectory time `time`.
    func value(at time: Double, trajectory: any Trajectory) -> Int {
        let running = enabledSince.map { trajectory.stepCount(from: $0, to: time) } ?? 0
        return (initial + counted + running) % (1 << bits)
    }

    /// The chip's activity confidences (still, walking, running: 100 or 0) at trajectory time `time`: still without a
    /// step in the last 2 s, running above 2.4 steps/s, walking otherwise.
    static func activity(at time: Double, trajectory: any Trajectory) -> (still: Int, walking: Int, running: Int) {
        let recent = trajectory.stepCount(from: time - 2, to: time)
        if recent == 0 { return (100, 0, 0) }
        return Double(recent) / 2 > 2.4 ? (0, 0, 100) : (0, 100, 0)
    }
}
