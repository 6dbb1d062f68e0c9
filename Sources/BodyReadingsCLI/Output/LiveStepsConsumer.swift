import BodyReadings
import ReadingFormats
import SystemSupport
import TextFormats

/// `steps`' one live line on a terminal, redrawn at every step and, between steps, when the walk has ended:
///
///     steps    128   cadence 112 /min   walking    distance 89 m
///
/// The activity turns `still` once no step came for 2.5 s of wall-clock time (the detector's end of a walk), so that
/// the line does not claim a walk that stopped. Before a walk is recognised its steps are shown as they happen
/// (the detector's tentative steps, within 1 s), marked until they are counted or withdrawn:
///
///     steps    ~12   cadence  -- /min   tentative  distance 8 m
///
/// The count and distance are then the counted steps plus the tentative ones; `--count` and the rows count the
/// counted steps only.
struct LiveStepsConsumer: LiveEventConsumer {
    let console: Console
    /// Stop after this many steps; nil: no limit.
    let count: Int?
    /// Distance per step, m.
    let stepLength: Double
    var summary: StepsSummary
    private var lastClock = MonotonicClock.now()
    private var shownStill = false
    /// Tentative steps pending (`StepUpdate.tentativeSteps`), shown beside the counted ones.
    private var tentativeSteps = 0

    init(console: Console, count: Int?, counter: StepCounter, stepLength: Double) {
        self.console = console
        self.count = count
        self.stepLength = stepLength
        self.summary = StepsSummary(counter: counter.rawValue)
    }

    var rows: Int { summary.steps }

    mutating func receive(_ update: StepUpdate) throws -> ConsumerDemand {
        tentativeSteps = update.tentativeSteps
        guard let step = update.step else {
            try console.write(line("still", cadence: nil))
            return .more
        }
        summary.add(step)
        lastClock = MonotonicClock.now()
        shownStill = false
        try console.write(line(step.activity.rawValue, cadence: step.cadence))
        if let count, summary.steps >= count { return .enough }
        return .more
    }

    mutating func idle() throws {
        if !shownStill, MonotonicClock.now() - lastClock > 2.5 {
            shownStill = true
            try console.write(line("still", cadence: nil))
        }
        try console.flush()
    }

    /// The line, starting with a carriage return and an erase to the end of the line; with tentative steps
    /// pending, their count marked `~` and the activity `tentative`.
    func line(_ activity: String, cadence: Double?) -> String {
        let shown = summary.steps + tentativeSteps
        let steps = (tentativeSteps > 0 ? "~" : "") + String(shown)
        let activity = tentativeSteps > 0 ? "tentative" : activity
        var text = "\r\u{1B}[K"
        text += "steps " + String(repeating: " ", count: max(0, 6 - steps.count)) + steps
        text += "   cadence " + (cadence.map { FixedDecimal.string($0, digits: 0, width: 3) } ?? " --") + " /min   "
        text += activity + String(repeating: " ", count: max(0, 9 - activity.count))
        text += "  distance " + FixedDecimal.string(Double(shown) * stepLength, digits: 0, width: 1) + " m"
        return text
    }
}
