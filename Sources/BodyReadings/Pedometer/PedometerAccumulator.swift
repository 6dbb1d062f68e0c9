import Pedometry
import SystemSupport

/// Sums the step updates of one `Pedometer` update run into `PedometerData`.
struct PedometerAccumulator: Sendable {
    /// Distance per step, m.
    let stepLength: Double
    private var first: Double?
    private var last: Double?
    private var steps = 0
    private var cadence = 0.0
    private var activeTime = 0.0
    private var activeSteps = 0
    /// Floors up and down; nil before a step with a barometer.
    private var floors: (ascended: Int, descended: Int)?

    init(stepLength: Double) {
        self.stepLength = stepLength
    }

    /// Adds `update`; returns the data since the first update: the counted fields as of the last counted step
    /// (before one, from `update`'s time and zero steps), the tentative steps as of `update`.
    mutating func add(_ update: StepUpdate) -> PedometerData {
        if let step = update.step {
            if let last, step.t - last <= Pedometer.pauseLimit, step.t > last {
                activeTime += step.t - last
                activeSteps += 1
            }
            first = first ?? step.t
            last = step.t
            steps += 1
            cadence = step.cadence
        }
        if let change = update.floors {
            let sum = floors ?? (0, 0)
            floors = (sum.ascended + max(0, change), sum.descended + max(0, -change))
        }
        let pace = activeSteps > 0 ? activeTime / (Double(activeSteps) * stepLength) : nil
        return PedometerData(
            startDate: first ?? update.t, endDate: last ?? update.t, numberOfSteps: steps,
            distance: Double(steps) * stepLength, currentCadence: cadence / 60, averageActivePace: pace,
            tentativeSteps: update.tentativeSteps, floorsAscended: floors?.ascended,
            floorsDescended: floors?.descended)
    }
}

/// A `PedometerAccumulator` shared between the capture thread that adds steps and whoever made it.
final class PedometerSum: @unchecked Sendable {
    // @unchecked: `accumulator` is guarded by `lock`.
    private let lock = ThreadLock()
    private var accumulator: PedometerAccumulator

    init(stepLength: Double) {
        accumulator = PedometerAccumulator(stepLength: stepLength)
    }

    /// Adds `update`; returns the data since the first update, or nil when `update` counted no step and
    /// `includingTentativeSteps` is false (such updates are not delivered then).
    func add(_ update: StepUpdate, includingTentativeSteps: Bool) -> PedometerData? {
        let data = lock.withLock { accumulator.add(update) }
        return update.step != nil || includingTentativeSteps ? data : nil
    }

    /// Starts again from zero.
    func reset() {
        lock.withLock { accumulator = PedometerAccumulator(stepLength: accumulator.stepLength) }
    }
}
