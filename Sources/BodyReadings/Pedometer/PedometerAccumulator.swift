import Pedometry
import SystemSupport

/// Sums the steps of one `Pedometer` update run into `PedometerData`.
struct PedometerAccumulator: Sendable {
    /// Distance per step, m.
    let stepLength: Double
    private var first: Double?
    private var last: Double?
    private var steps = 0
    private var activeTime = 0.0
    private var activeSteps = 0

    init(stepLength: Double) {
        self.stepLength = stepLength
    }

    /// Adds `step`; returns the data since the first step.
    mutating func add(_ step: Step) -> PedometerData {
        if let last, step.time - last <= Pedometer.pauseLimit, step.time > last {
            activeTime += step.time - last
            activeSteps += 1
        }
        first = first ?? step.time
        last = step.time
        steps += 1
        let pace = activeSteps > 0 ? activeTime / (Double(activeSteps) * stepLength) : nil
        return PedometerData(
            startDate: first ?? step.time, endDate: step.time, numberOfSteps: steps,
            distance: Double(steps) * stepLength, currentCadence: step.cadence / 60, averageActivePace: pace)
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

    /// Adds `step`; returns the data since the first step.
    func add(_ step: Step) -> PedometerData {
        lock.withLock { accumulator.add(step) }
    }

    /// Starts again from zero.
    func reset() {
        lock.withLock { accumulator = PedometerAccumulator(stepLength: accumulator.stepLength) }
    }
}
