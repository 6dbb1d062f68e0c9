import BodyReadings
import MotionMath
import MotionSimulation
import Sensors
import SystemSupport
import Testing

@Suite("Sources: sim and replay")
struct SourcesTests {
    /// Reads `count` merged samples from a started source, as fast as it delivers.
    func samples(_ source: any MotionSource, count: Int, interval: Double = 0.1) throws -> [IMUSample] {
        try source.start(CaptureConfiguration(updateInterval: interval))
        defer { source.stop() }
        var merger = SampleMerger()
        var result: [IMUSample] = []
        while result.count < count {
            guard let readings = try source.read() else {
                merger.flush(into: &result)
                break
            }
            for reading in readings { merger.push(reading, into: &result) }
        }
        return Array(result.prefix(count))
    }

    @Test func simulatedSourceIsDeterministicForASeed() throws {
        let first = try samples(SimulatedMotionSource(seed: 11, pacing: .fast), count: 500)
        let again = try samples(SimulatedMotionSource(seed: 11, pacing: .fast), count: 500)
        let other = try samples(SimulatedMotionSource(seed: 12, pacing: .fast), count: 500)
        #expect(first.count == 500)
        #expect(first == again)
        #expect(first != other)
    }

    /// The merged stream carries every simulated sample unchanged, magnetometer included, at the chosen rate.
    @Test func simulatedSourceMatchesTheSimulatedIMU() throws {
        let merged = try samples(SimulatedMotionSource(seed: 5, pacing: .fast), count: 300, interval: 0.005)
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = 200  // the smallest of 25…1600 Hz at or above 1 / 0.005 s
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: 5)
        let expected = imu.next(300).map(\.sample)
        #expect(merged == expected)
        #expect(merged.allSatisfy { $0.magnetometer != nil })
    }

    @Test func replayFastDeliversEverySampleInOrder() throws {
        let recorded = (0..<1000).map { index in
            IMUSample(
                t: Double(index) * 0.01 + (index > 500 ? 0.5 : 0),  // a gap is kept, not filled
                accelerometer: Vector3(0, 0, 9.81), gyroscope: Vector3(Double(index), 0, 0))
        }
        let replayed = try samples(ReplayMotionSource(samples: recorded, pacing: .fast), count: 2000)
        #expect(replayed == recorded)
    }

    /// Real-time replay paces by the timestamps: 0.3 s of samples take at least 0.3 s (a lower bound only; the
    /// machine may be slower, never faster).
    @Test func replayRealTimeIsPacedByTimestamps() throws {
        let recorded = (0..<31).map {
            IMUSample(t: 100 + Double($0) * 0.01, accelerometer: Vector3(0, 0, 9.81), gyroscope: .zero)
        }
        let start = MonotonicClock.now()
        let replayed = try samples(ReplayMotionSource(samples: recorded, pacing: .realTime), count: 31, interval: 0.05)
        #expect(replayed == recorded)
        #expect(MonotonicClock.now() - start >= 0.3)
    }

    /// Real time at 1 ms: one read per two update intervals (`WakeBatching`: below 2 ms a wake-up takes two) with
    /// every sample due by then (1600 Hz: 3 or 4 samples), not one read per sample. Which samples a read returns
    /// depends on the sample index only, not on the clock.
    @Test func realTimeSimulatorDeliversPerUpdateInterval() throws {
        let source = SimulatedMotionSource(seed: 1, pacing: .realTime)
        try source.start(CaptureConfiguration(updateInterval: 0.001))
        defer { source.stop() }
        var counts: [Int] = []
        var times: [Double] = []
        for _ in 0..<10 {
            let readings = try #require(try source.read())
            let accelerometer = readings.filter { $0.kind == .accelerometer }
            counts.append(accelerometer.count)
            times += accelerometer.map(\.t)
        }
        // Reads at 0, 2, …, 18 ms take the samples at 0, 0.625, 1.25, … ms due by then: 29 of them.
        #expect(WakeBatching.wakePeriod(interval: 0.001, samplePeriod: 1 / 1600) == 0.002)
        #expect(counts == [1, 3, 3, 3, 3, 4, 3, 3, 3, 3])
        #expect(times.count == 29)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 1 / 1600) < 1e-12 })
    }

    @Test func cancelEndsABlockedRead() throws {
        let source = SimulatedMotionSource(seed: 1, pacing: .realTime)
        try source.start(CaptureConfiguration(updateInterval: 10))
        source.cancel()
        #expect(try source.read() == nil)
        source.stop()
    }
}
