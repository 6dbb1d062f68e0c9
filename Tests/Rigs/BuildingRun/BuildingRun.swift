import Barometry
import MotionSimulation

/// A `BuildingWalk` sampled by a `SimulatedBarometer` through an `Altimeter` and a `FlightCounter`, with the steps
/// fed as the step detector counts them (`BuildingWalk.countedSteps`) in time order with the pressure samples: what
/// the Barometry tests and `bench/altitude` score against the simulation's truth.
public struct BuildingRun {
    /// The altimeter's readings.
    public private(set) var readings: [AltitudeReading] = []
    /// The true altitude at each reading, m.
    public private(set) var truth: [Double] = []
    /// The counter after the walk.
    public private(set) var counter: FlightCounter

    /// Runs `walk`, the barometer's errors from `seed`.
    public init(
        walk: BuildingWalk, seed: UInt64 = 1, barometer: SimulatedBarometer.Settings = .init(),
        counter settings: FlightCounter.Settings = .init()
    ) {
        var sensor = SimulatedBarometer(walk: walk, settings: barometer, seed: seed)
        var altimeter = Altimeter()
        counter = FlightCounter(settings: settings)
        let steps = walk.countedSteps()
        var next = 0
        while let sample = sensor.next() {
            while next < steps.count, steps[next].counted <= sample.t {
                counter.addStep(time: steps[next].time)
                next += 1
            }
            guard
                let reading = altimeter.update(
                    time: sample.t, pressure: sample.pressure, temperature: sample.temperature)
            else { continue }
            counter.addAltitude(time: reading.t, altitude: reading.relativeAltitude)
            readings.append(reading)
            truth.append(sample.altitude)
        }
    }

    /// Runs the walk of `activities`.
    public init(
        _ activities: [BuildingActivity], seed: UInt64 = 1, barometer: SimulatedBarometer.Settings = .init(),
        counter settings: FlightCounter.Settings = .init()
    ) {
        self.init(walk: BuildingWalk(activities: activities), seed: seed, barometer: barometer, counter: settings)
    }

    /// The altitude's RMS error over the run, m.
    public var rmsError: Double {
        var sum = 0.0
        for (reading, truth) in zip(readings, truth) {
            sum += (reading.relativeAltitude - truth) * (reading.relativeAltitude - truth)
        }
        return (sum / Double(max(1, readings.count))).squareRoot()
    }
}
