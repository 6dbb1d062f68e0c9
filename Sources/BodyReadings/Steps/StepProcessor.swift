import Barometry
import MotionMath
import Pedometry
import Sensors

/// The pipeline stage of steps: the step detector on accelerometer readings (software counter), or the polled
/// count and activity of a hardware step counter (`CountedSteps`), emitting a `StepUpdate` for every step counted
/// (in time order) and, from the software detector, for every change of the tentative steps pending before a walk
/// is recognised (`StepEvent`). With a barometer (`.pressure` readings) it also runs the `Altimeter` and counts the
/// flights climbed while walking (`FlightCounter`, fed every counted step); the updates then carry the floors.
/// Readings of the other kinds are ignored, so the processor can take every reading of a shared capture.
public struct StepProcessor: ReadingProcessor {
    /// The counter this processor counts with.
    public let counter: StepCounter
    /// The software detector (used with `.software`).
    public private(set) var detector: StepDetector
    /// The hardware counter's steps (used with `.hardware`).
    public private(set) var counted = CountedSteps()

    /// A processor counting with `counter`; `settings` configure the software detector (and the running cadence
    /// of both).
    public init(
        counter: StepCounter, settings: StepDetector.Settings = StepDetector.Settings(),
        flights: FlightCounter.Settings = FlightCounter.Settings()
    ) {
        self.counter = counter
        self.flights = FlightCounter(settings: flights)
        detector = StepDetector(settings: settings)
        counted.runningCadence = settings.runningCadence
    }

    /// The altimeter on the barometer's readings.
    public private(set) var altimeter = Altimeter()
    /// The flights climbed while walking.
    public private(set) var flights: FlightCounter
    /// The altimeter's reading of the latest pressure reading; nil before one (no barometer).
    public private(set) var altitude: AltitudeReading?

    /// The times of the first and the last reading counted with, s; nil before the first.
    public private(set) var span: (first: Double, last: Double)?

    /// Steps counted so far.
    public var steps: Int { counter == .software ? detector.state.steps : counted.steps }

    /// Tentative steps pending now (`StepUpdate.tentativeSteps`; always 0 with `.hardware`).
    public var tentativeSteps: Int { counter == .software ? detector.state.tentativeSteps : 0 }

    /// The activity now.
    public var activity: Activity { counter == .software ? detector.state.activity : counted.activity }

    /// The cadence now, steps/min.
    public var cadence: Double { counter == .software ? detector.cadence : counted.cadence }

    /// Distance per step, m (`StepDetector.Coefficients.stepLength`).
    public var stepLength: Double { detector.coefficients.stepLength }

    /// The source started over: a hardware count starts again from 0 (the steps so far are kept).
    public mutating func sensorsRestarted() {
        counted.restart()
    }

    public mutating func process(_ input: SensorReading, emit: (StepUpdate) throws -> Void) rethrows {
        var found: [StepUpdate] = []
        switch (counter, input.kind) {
        case (.software, .accelerometer):
            var pending = detector.state.tentativeSteps
            detector.updateWithTentativeSteps(time: input.t, acceleration: input.value) { event in
                switch event {
                case .counted(let step):
                    found.append(StepUpdate(t: input.t, step: step, tentativeSteps: pending))
                case .tentative:
                    pending += 1
                    found.append(StepUpdate(t: input.t, step: nil, tentativeSteps: pending))
                case .withdrawn(let k):
                    pending -= k
                    found.append(StepUpdate(t: input.t, step: nil, tentativeSteps: pending))
                }
            }
        case (.hardware, .stepCount):
            counted.update(time: input.t, count: Int(exactly: input.value.x.rounded()) ?? counted.steps) {
                found.append(StepUpdate(t: input.t, step: $0, tentativeSteps: 0))
            }
        case (.hardware, .activity):
            counted.updateActivity(still: input.value.x, walking: input.value.y, running: input.value.z)
        case (_, .pressure):
            let temperature = input.value.y.isNaN ? nil : input.value.y
            guard let reading = altimeter.update(time: input.t, pressure: input.value.x, temperature: temperature)
            else { return }
            altitude = reading
            flights.addAltitude(time: reading.t, altitude: reading.relativeAltitude)
            return
        default:
            return
        }
        span = (span?.first ?? input.t, input.t)
        for var update in found {
            if let step = update.step, altitude != nil { update.floors = flights.addStep(time: step.t) }
            try emit(update)
        }
    }
}
