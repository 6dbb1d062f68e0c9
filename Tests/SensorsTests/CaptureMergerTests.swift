import MotionMath
import Testing
@testable import Sensors

@Suite("Capture: merging split accelerometer/gyroscope/magnetometer devices")
struct CaptureMergerTests {
    func reading(_ kind: SensorReading.Kind, _ t: Double, _ value: Double = 0) -> SensorReading {
        SensorReading(kind: kind, t: t, value: Vector3(value, t, 0))
    }

    @Test func combinedDeviceGivesOneSamplePerGyroscopeReading() {
        var merger = SampleMerger()
        var output: [IMUSample] = []
        for index in 0..<10 {
            let t = Double(index) * 0.01
            merger.push(reading(.accelerometer, t, 1), into: &output)
            merger.push(reading(.gyroscope, t, 2), into: &output)
        }
        #expect(output.count == 10)
        #expect(output.allSatisfy { $0.accelerometer.y == $0.t && $0.gyroscope.y == $0.t && $0.magnetometer == nil })
        #expect(merger.droppedReadings == 0)
    }

    /// Gyroscope at 400 Hz, accelerometer at 100 Hz and magnetometer at 25 Hz, each device delivering in its own
    /// batches (as separate buffers refill): every gyroscope reading after the first accelerometer reading comes out
    /// once, in time order, with the newest accelerometer and magnetometer readings taken at or before it.
    @Test func splitDevicesAtDifferentRatesMergeByTimestamp() {
        var merger = SampleMerger(maximumLag: 0.1)
        var output: [IMUSample] = []
        let gyroscope = (0..<400).map { reading(.gyroscope, 0.001 + Double($0) / 400) }
        let accelerometer = (0..<100).map { reading(.accelerometer, Double($0) / 100) }
        let magnetometer = (0..<25).map { reading(.magnetometer, Double($0) / 25) }
        // Batches: gyroscope 16 at a time, accelerometer 4 at a time, magnetometer 1 at a time, interleaved by when
        // each batch would be complete.
        var events: [(Double, [SensorReading])] = []
        for start in stride(from: 0, to: 400, by: 16) {
            let batch = Array(gyroscope[start..<min(start + 16, 400)])
            events.append((batch.last!.t, batch))
        }
        for start in stride(from: 0, to: 100, by: 4) {
            let batch = Array(accelerometer[start..<min(start + 4, 100)])
            events.append((batch.last!.t + 0.002, batch))
        }
        for sample in magnetometer { events.append((sample.t + 0.005, [sample])) }
        events.sort { $0.0 < $1.0 }
        for (_, batch) in events {
            for item in batch { merger.push(item, into: &output) }
        }
        merger.flush(into: &output)
        #expect(output.count == 400)
        #expect(zip(output, output.dropFirst()).allSatisfy { $0.t < $1.t })
        for sample in output {
            let expectedAccelerometer = (sample.t * 100).rounded(.down) / 100
            let expectedMagnetometer = (sample.t * 25).rounded(.down) / 25
            #expect(abs(sample.accelerometer.y - expectedAccelerometer) < 1e-9, "t = \(sample.t)")
            #expect(abs((sample.magnetometer?.y ?? -1) - expectedMagnetometer) < 1e-9, "t = \(sample.t)")
        }
        #expect(merger.droppedReadings == 0)
    }

    /// A stalled accelerometer delays gyroscope readings by at most the maximum lag, then they come out with the
    /// last accelerometer reading; the queue stays bounded.
    @Test func stalledAccelerometerDelaysByAtMostTheLag() {
        var merger = SampleMerger(maximumLag: 0.05, capacity: 32)
        var output: [IMUSample] = []
        merger.push(reading(.accelerometer, 0), into: &output)
        for index in 1...200 {
            merger.push(reading(.gyroscope, Double(index) * 0.001), into: &output)
            let newest = Double(index) * 0.001
            let lag = newest - (output.last?.t ?? 0)
            #expect(lag <= 0.05 + 0.001 + 1e-9)
        }
        #expect(output.count >= 140)
        #expect(output.allSatisfy { $0.accelerometer.y == 0 })
    }

    @Test func readingsGoingBackInTimeAreDroppedAndCounted() {
        var merger = SampleMerger()
        var output: [IMUSample] = []
        merger.push(reading(.accelerometer, 1), into: &output)
        merger.push(reading(.gyroscope, 1), into: &output)
        merger.push(reading(.gyroscope, 0.5), into: &output)
        merger.push(reading(.accelerometer, 0.5), into: &output)
        #expect(output.count == 1)
        #expect(merger.droppedReadings == 2)
    }

    @Test func gyroscopeBeforeAnyAccelerometerIsDroppedAfterTheLag() {
        var merger = SampleMerger(maximumLag: 0.01)
        var output: [IMUSample] = []
        for index in 0..<100 { merger.push(reading(.gyroscope, Double(index) * 0.001), into: &output) }
        #expect(output.isEmpty)
        #expect(merger.droppedReadings >= 85)
    }

    @Test func overrunDetectorCountsMissingPeriods() {
        var detector = OverrunDetector(period: 0.01)
        for t in [0.0, 0.01, 0.02, 0.05, 0.06, 0.0701] { detector.observe(t) }
        #expect(detector.overruns == 1)
        #expect(detector.missedSamples == 2)
    }
}
