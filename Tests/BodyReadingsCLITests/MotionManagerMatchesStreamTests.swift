import BodyReadings
import Testing
@testable import BodyReadingsCLI

/// `MotionManager` and `bodyreadings stream` run the same pipeline: for the same simulated seed and interval they
/// emit the same updates, timestamp for timestamp and value for value (the CSV's shortest round-trip decimals read
/// back to the very same `Double`s).
@Suite("MotionManager matches stream")
struct MotionManagerMatchesStreamTests {
    @Test(arguments: [(1 as UInt64, 0.02), (7, 0.1), (3, 0.005)])
    func deviceMotionUpdatesEqualStreamOutput(seed: UInt64, interval: Double) async throws {
        let count = 300
        let result = runStream([
            "stream", "--source", "sim", "--seed", "\(seed)", "--fast", "--interval", "\(interval)",
            "--count", "\(count)", "--no-calibration",
        ])
        #expect(result.status == 0)
        let printed = result.stdout.split(separator: "\n").dropFirst().map { line in
            line.split(separator: ",").map { Double(String($0)) }
        }
        #expect(printed.count == count)

        let manager = MotionManager(
            source: .simulated(seed: seed, pacing: .fast), calibration: .disabled, calibrationLog: nil)
        manager.deviceMotionUpdateInterval = interval
        var updates: [DeviceMotion] = []
        for await motion in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) {
            updates.append(motion)
            if updates.count == count { break }
        }
        manager.stopDeviceMotionUpdates()
        #expect(updates.count == count)

        for (row, motion) in zip(printed, updates) {
            let expected: [Double?] = [
                motion.timestamp, motion.attitude.w, motion.attitude.x, motion.attitude.y, motion.attitude.z,
                motion.rotationRate.x, motion.rotationRate.y, motion.rotationRate.z,
                motion.gravity.x, motion.gravity.y, motion.gravity.z,
                motion.userAcceleration.x, motion.userAcceleration.y, motion.userAcceleration.z,
            ]
            #expect(row == expected, "at t = \(motion.timestamp)")
            if row != expected { break }
        }
    }
}
