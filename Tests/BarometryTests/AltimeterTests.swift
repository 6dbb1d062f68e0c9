import Barometry
import BuildingRun
import MotionSimulation
import Testing

@Suite struct AltimeterTests {
    @Test func theBarometricFormulaGivesTheHeightOfAPressureRatio() {
        // 29.27 m/K × 288.15 K × ln(101 325 / 101 225) = 8.33 m: about 12 Pa per metre at sea level.
        let h = BarometricFormula.height(pressure: 101.225, reference: 101.325, temperature: 15)
        #expect(abs(h - 8.33) < 0.01)
        #expect(BarometricFormula.height(pressure: 101.325, reference: 101.325, temperature: 30) == 0)
    }

    @Test func aLiftRideShowsWithinTwoSeconds() {
        let walk = BuildingWalk(activities: [.stand(10), .lift(floors: 1), .stand(10)])
        let ride = walk.stretches.first { $0.from != $0.to }!
        let run = BuildingRun([.stand(10), .lift(floors: 1), .stand(10)])
        let shown = run.readings.first { $0.t >= ride.end + 2 }!
        #expect(abs(shown.relativeAltitude - 3) < 0.25)
    }

    @Test func theBMP280sNoiseIsFilteredToCentimetres() {
        // The noise alone: no weather and a steady die temperature (each moves the altitude by decimetres).
        var barometer = SimulatedBarometer.Settings()
        barometer.weatherRate = 0
        barometer.tideAmplitude = 0
        barometer.temperatureWander = 0
        let run = BuildingRun([.stand(120)], barometer: barometer)
        #expect(run.readings.count == 3001)
        let tail = run.readings.dropFirst(25).map(\.relativeAltitude)
        let mean = tail.reduce(0, +) / Double(tail.count)
        let deviation = (tail.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(tail.count)).squareRoot()
        // 1.3 Pa (0.11 m) of white noise at 25 Hz through the two 0.3 s low-passes: ≈ 0.25 Pa, 0.02 m.
        #expect(deviation < 0.04)
    }

    @Test func theAltitudeFollowsTheTruthOnStairs() {
        let run = BuildingRun([.walk(20), .stairs(floors: 3), .walk(30), .stairs(floors: -2), .walk(20)])
        #expect(run.rmsError < 0.5)
    }

    /// A first sample 5 Pa off (a BMP280's noise now and then: 0.42 m) offsets nothing: the reference is the mean of
    /// the first second's samples, and the first reading is 0 m.
    @Test func aNoisyFirstSampleDoesNotOffsetTheHeight() {
        var altimeter = Altimeter()
        var readings: [AltitudeReading] = []
        for index in 0..<250 {
            let pressure = 101.325 + (index == 0 ? 0.005 : 0)
            if let reading = altimeter.update(time: Double(index) * 0.04, pressure: pressure) { readings.append(reading) }
        }
        #expect(readings.first?.relativeAltitude == 0)
        let last = readings.last?.relativeAltitude ?? .nan
        #expect(abs(last) < 0.07, "the first sample's 0.42 m is not kept: \(last) m")
        var settings = Altimeter.Settings()
        settings.referenceTime = 0
        var firstSample = Altimeter(settings: settings)
        var offset = 0.0
        for index in 0..<250 {
            let pressure = 101.325 + (index == 0 ? 0.005 : 0)
            offset = firstSample.update(time: Double(index) * 0.04, pressure: pressure)?.relativeAltitude ?? .nan
        }
        #expect(abs(offset - 0.42) < 0.02, "with the first sample's pressure as the reference: \(offset) m")
    }

    @Test func badSamplesAreRejectedAndAGapRestartsTheFilter() {
        var altimeter = Altimeter()
        #expect(altimeter.update(time: 0, pressure: 100) != nil)
        #expect(altimeter.update(time: 0, pressure: 100) == nil)
        #expect(altimeter.update(time: 1, pressure: .nan) == nil)
        #expect(altimeter.update(time: 2, pressure: -1) == nil)
        #expect(altimeter.update(time: 3, pressure: 100, temperature: .infinity) == nil)
        #expect(altimeter.rejectedSamples == 4)
        // 10 s later (past the 2 s gap) the filter starts at the new pressure: no transient.
        let after = altimeter.update(time: 13, pressure: 99.99)!
        #expect(abs(after.relativeAltitude - 0.84) < 0.02)
        #expect(altimeter.referencePressure == 100)
    }
}
