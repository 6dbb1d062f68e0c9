import BodyReadings
import Foundation
import MotionSimulation
import Testing

@testable import BodyReadingsCLI

/// `bodyreadings fuse --offline`: the same output format as the streaming fuse, more accurate on a recording.
@Suite struct FuseOfflineTests {
    @Test func offlineMatchesTheTruthBetterThanStreaming() throws {
        let (text, truth) = try FuseCommandTests.simulated(ScriptedTrajectory.demo, seconds: 60)
        let (online, offline) = FuseCommandTests.withFile(text) { path in
            (FuseCommandTests.fuse([path]), FuseCommandTests.fuse([path, "--offline"]))
        }
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.hasPrefix(FuseCommandTests.outputHeader + "\n"))
        func attitudeRMS(_ rows: [[Double]]) -> Double {
            let errors = zip(rows, truth).map { row, exact in
                Quaternion(w: row[1], x: row[2], y: row[3], z: row[4]).angle(to: exact.attitude) * 180 / .pi
            }
            return (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        }
        let rows = offline.rows
        #expect(rows.count == truth.count)
        #expect(zip(rows, truth).allSatisfy { $0[0] == $1.t })
        // Over the whole recording, its start included (where the streaming filter still converges).
        let offlineRMS = attitudeRMS(rows), onlineRMS = attitudeRMS(online.rows)
        #expect(offlineRMS < onlineRMS, "offline \(offlineRMS)°, streaming \(onlineRMS)°")
    }

    @Test func offlineDecimatesLikeStreaming() throws {
        let (text, _) = try FuseCommandTests.simulated(ScriptedTrajectory.rest(), seconds: 10, magnetometer: false)
        FuseCommandTests.withFile(text) { path in
            let tenth = FuseCommandTests.fuse([path, "--offline", "--interval", "0.1", "--format", "jsonl"])
            #expect(tenth.status == 0)
            #expect(tenth.stdout.split(separator: "\n").count == 100)
            #expect(FuseCommandTests.fuse([path, "--offline"]).rows.count == 1000)
        }
    }
}
