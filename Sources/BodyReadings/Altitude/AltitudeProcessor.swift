import Barometry
import Pedometry
import Sensors

/// The pipeline stage of `altitude`: a `StepProcessor` (software counter) whose altimeter takes the barometer's
/// readings and whose step detector takes the accelerometer's, emitting the altimeter's reading of every pressure
/// reading; the flights climbed are the step processor's (`floors`, nil when no accelerometer reading came).
public struct AltitudeProcessor: ReadingProcessor {
    /// The steps, the altimeter and the flights.
    public private(set) var steps: StepProcessor
    private var sawAccelerometer = false

    /// A processor counting a floor every `flights.floorHeight` m climbed while walking.
    public init(flights: FlightCounter.Settings = FlightCounter.Settings()) {
        steps = StepProcessor(counter: .software, flights: flights)
    }

    /// Floors climbed up and down while walking; nil when the input had no accelerometer (walking unknown).
    public var floors: (ascended: Int, descended: Int)? {
        sawAccelerometer ? (steps.flights.floorsAscended, steps.flights.floorsDescended) : nil
    }

    public mutating func process(_ input: SensorReading, emit: (AltitudeReading) throws -> Void) rethrows {
        switch input.kind {
        case .pressure:
            let rejected = steps.altimeter.rejectedSamples
            steps.process(input) { _ in }
            if steps.altimeter.rejectedSamples == rejected, let reading = steps.altitude { try emit(reading) }
        case .accelerometer:
            sawAccelerometer = true
            steps.process(input) { _ in }
        default:
            return
        }
    }
}
