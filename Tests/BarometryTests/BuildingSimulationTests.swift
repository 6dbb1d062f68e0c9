import MotionSimulation
import Testing

@Suite struct BuildingSimulationTests {
    @Test func theWalkKnowsItsAltitudeStepsAndFlights() {
        let walk = BuildingWalk(activities: [.walk(10), .stairs(floors: 2), .lift(floors: -3), .stairs(floors: -1)])
        #expect(walk.floorsAscended == 2)
        #expect(walk.floorsDescended == 1)
        #expect(abs(walk.altitude(at: walk.duration) - -6) < 1e-9)
        #expect(walk.stepTimes.count == 18 + 2 * 24 + 24)
        #expect(zip(walk.stepTimes, walk.stepTimes.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func theBarometerIsDeterministicAndNoisyAsABMP280() {
        let walk = BuildingWalk(activities: [.stand(120)])
        var a = SimulatedBarometer(walk: walk, seed: 3)
        var b = SimulatedBarometer(walk: walk, seed: 3)
        let first = a.all()
        #expect(first == b.all())
        #expect(first.count == 3001)
        let pressures = first.map { $0.pressure * 1000 }
        let mean = pressures.reduce(0, +) / Double(pressures.count)
        let rms = (pressures.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(pressures.count)).squareRoot()
        #expect(rms > 1.1 && rms < 1.5)
        #expect(abs(first[0].temperature - 23) <= 1.01)
    }

    @Test func aHeldPressureStepEndsWhenThePersonWalksOn() {
        let walk = BuildingWalk(activities: [.stand(5), .pressureStep(pascals: 40, decay: nil), .stand(5), .walk(5)])
        #expect(walk.disturbance(at: 7) == 40)
        #expect(walk.disturbance(at: 12) == 0)
    }

    @Test func countedStepsComeLateAtAWalksStartAndNotForShortWalks() {
        let walk = BuildingWalk(activities: [.walk(2), .stand(5), .walk(20)])
        let counted = walk.countedSteps()
        #expect(counted.count == 36)
        #expect(counted.first!.counted >= counted.first!.time + 5.9)
        #expect(abs(counted.last!.counted - counted.last!.time - 0.3) < 1e-9)
    }
}
