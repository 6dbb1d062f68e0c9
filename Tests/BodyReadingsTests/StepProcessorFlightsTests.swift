@testable import BodyReadings
import MotionSimulation
import Sensors
import Testing

/// The flights of `StepProcessor`: the step detector's counted steps on a simulated walk together with a barometer
/// whose pressure follows a scripted altitude, through `PedometerAccumulator` as a `Pedometer` sums them.
@Suite struct StepProcessorFlightsTests {
    /// Runs a 60-step walk starting at 3 s (1.5 steps/s) beside 25 Hz pressure at `altitude(t)`; returns the
    /// pedometer's data after the last update, or nil without one.
    func run(barometer: Bool = true, altitude: (Double) -> Double) -> (PedometerData?, StepProcessor) {
        let gait = SyntheticGait(cadence: 1.5, steps: 60, lead: 3, tail: 20, seed: 5).generate()
        var readings = gait.samples.map { SensorReading(kind: .accelerometer, t: $0.t, value: $0.acceleration) }
        if barometer {
            let end = gait.samples.last!.t
            for i in 0...Int(end * 25) {
                let t = Double(i) / 25
                // 101.325 kPa less 12 Pa per metre, at 20 °C.
                let kPa = 101.325 * SimulatedBarometer.pressureRatio(altitude: altitude(t), celsius: 20)
                readings.append(SensorReading(kind: .pressure, t: t + 0.001, value: Vector3(kPa, 20, 0)))
            }
            readings.sort { $0.t < $1.t }
        }
        var processor = StepProcessor(counter: .software)
        var sum = PedometerAccumulator(stepLength: processor.stepLength)
        var data: PedometerData?
        for reading in readings {
            processor.process(reading) { data = sum.add($0) }
        }
        return (data, processor)
    }

    @Test func twoFloorsClimbedWhileWalkingAreTwoFlights() {
        // 6 m up between 10 s and 40 s of the 43 s walk, beginning before the walk is recognised.
        let (data, processor) = run { t in 6 * min(1, max(0, (t - 10) / 30)) }
        #expect(processor.steps >= 55)
        #expect(data?.floorsAscended == 2)
        #expect(data?.floorsDescended == 0)
    }

    @Test func aClimbBeforeTheWalkCountsNothing() {
        // A lift: 9 m up in the 3 s before the first step.
        let (data, _) = run { t in 9 * min(1, max(0, t / 2.5)) }
        #expect(data?.floorsAscended == 0)
        #expect(data?.floorsDescended == 0)
    }

    @Test func withoutABarometerThereAreNoFloors() {
        let (data, processor) = run(barometer: false) { _ in 0 }
        #expect(data?.numberOfSteps ?? 0 > 50)
        #expect(data?.floorsAscended == nil)
        #expect(processor.altitude == nil)
    }
}
