import BodyReadings
import Foundation
import MotionSimulation
import ReadingFormats
import Testing

/// Writes the large simulated recording used to measure `fuse` end to end (not a test of its own: it runs only when
/// asked, e.g. `BODYREADINGS_BENCH_RECORDING=/tmp/sim-1m.csv swift test --filter FuseBenchmarkRecording`).
@Suite struct FuseBenchmarkRecording {
    static let path = ProcessInfo.processInfo.environment["BODYREADINGS_BENCH_RECORDING"]

    @Test(.enabled(if: path != nil, "set BODYREADINGS_BENCH_RECORDING=FILE to write a 1M-row simulated recording"))
    func writeOneMillionRows() throws {
        let path = try #require(Self.path)
        let rows = Int(ProcessInfo.processInfo.environment["BODYREADINGS_BENCH_ROWS"] ?? "") ?? 1_000_000
        var settings = SimulatedIMU.Settings()
        settings.sampleRate = 200
        settings.timingJitter = 0.0002
        var imu = SimulatedIMU(trajectory: ScriptedTrajectory.demo, settings: settings, seed: 2026)
        let writer = try RecordingWriter(path: path, includesMagnetometer: true)
        for _ in 0..<rows { try writer.write(imu.next().sample) }
        try writer.close()
        let reader = try RecordingReader(path: path)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == rows)
    }
}
