import Barometry
import BuildingRun
import MotionSimulation
import Testing

@Suite struct FlightCounterTests {
    @Test func stairsUpAndDownCountTheirFloors() {
        let run = BuildingRun([.stand(10), .walk(10), .stairs(floors: 2), .walk(15), .stairs(floors: -3), .walk(10)])
        #expect(run.counter.floorsAscended == 2)
        #expect(run.counter.floorsDescended == 3)
    }

    @Test func theFirstStepsOfAWalkCountedLateStillCountTheirClimb() {
        // Straight from standing onto the stairs: the first 6 s (about half a floor) are counted at recognition.
        let run = BuildingRun([.stand(10), .stairs(floors: 1), .walk(10)])
        #expect(run.counter.floorsAscended == 1)
    }

    @Test func aPauseOnALandingDoesNotLoseTheFloor() {
        let run = BuildingRun([.stand(5), .walk(8), .stairs(floors: 2, pauseAfter: 0, pause: 15), .walk(8)])
        #expect(run.counter.floorsAscended == 2)
        #expect(run.counter.floorsDescended == 0)
    }

    @Test func liftRidesCountNothing() {
        let run = BuildingRun([.stand(5), .walk(10), .lift(floors: 4), .walk(10), .lift(floors: -4), .walk(10)])
        #expect(run.counter.floorsAscended == 0)
        #expect(run.counter.floorsDescended == 0)
        #expect(abs(run.readings[run.readings.count / 2].relativeAltitude - 12) < 1)
    }

    @Test func pressureStepsAtRestCountNothing() {
        let run = BuildingRun([
            .walk(10), .pressureStep(pascals: 50, decay: nil), .stand(30), .walk(20),
            .pressureStep(pascals: -60, decay: 1), .stand(20), .walk(20),
        ])
        #expect(run.counter.floorsAscended == 0)
        #expect(run.counter.floorsDescended == 0)
    }

    @Test func weatherDriftOverHoursOfLevelWalkingCountsNothing() {
        var barometer = SimulatedBarometer.Settings()
        barometer.weatherRate = 200  // 2 hPa per hour: 6 hPa, 50 m, over the walk
        let run = BuildingRun([.walk(3 * 3600)], barometer: barometer)
        #expect(run.counter.floorsAscended == 0)
        #expect(run.counter.floorsDescended == 0)
    }

    @Test func theFloorHeightIsASetting() {
        var settings = FlightCounter.Settings()
        settings.floorHeight = 1.5
        let run = BuildingRun([.walk(10), .stairs(floors: 2), .walk(10)], counter: settings)
        #expect(run.counter.floorsAscended == 4)
    }

    @Test func stepsWithoutAltitudesCountNothing() {
        var counter = FlightCounter()
        #expect(counter.addStep(time: 1) == 0)
        counter.addAltitude(time: 10, altitude: 0)
        counter.addAltitude(time: .nan, altitude: 5)
        #expect(counter.addStep(time: 5) == 0)
        #expect(counter.addStep(time: .infinity) == 0)
        #expect(counter.floorsAscended == 0)
    }
}
