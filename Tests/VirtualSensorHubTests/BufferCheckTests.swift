import Foundation
import MotionMath
import Testing
@testable import VirtualSensorHub

@Suite("Buffered samples against the truth at their timestamps")
struct BufferCheckTests {
    /// Records as iio_readdev writes them for `quantity` of `trajectory`, every `interval` s from `start`, each
    /// value perturbed by `error` (SI).
    func records(
        _ settings: BufferCheck.Settings, count: Int, interval: Double, error: Double = 0, skipping: Int? = nil
    ) -> [UInt8] {
        let imu = SensorErrorModel(settings: settings.imu)
        let motion = settings.trajectory.make()
        var bytes: [UInt8] = []
        for index in 0..<count where index != skipping {
            let t = Double(index) * interval
            let reading = imu.expected(motion.truth(at: t))
            let value = settings.quantity == .accel ? reading.accel : reading.anglvel
            for component in value.array {
                bytes += littleEndian(UInt32(bitPattern: Int32(((component + error) / settings.scale).rounded())), bytes: 4)
            }
            bytes += [0, 0, 0, 0]
            let nanoseconds = UInt64(((settings.start + t) * 1e9).rounded())
            bytes += littleEndian(UInt32(truncatingIfNeeded: nanoseconds), bytes: 4)
            bytes += littleEndian(UInt32(truncatingIfNeeded: nanoseconds >> 32), bytes: 4)
        }
        return bytes
    }

    var settings: BufferCheck.Settings {
        var settings = BufferCheck.Settings()
        settings.quantity = .anglvel
        settings.scale = HubSensor.gyrometer.lsb
        settings.start = 1_790_000_000.25
        settings.trajectory = .sway
        settings.imu.gyroBias = Vector3(0.02, -0.015, 0.01)
        settings.maximumError = 0.01
        settings.rmsError = 0.005
        settings.intervalMilliseconds = 20
        return settings
    }

    @Test("exact samples pass with quantization-sized errors and the asked interval")
    func exact() {
        let result = BufferCheck(settings: settings).check(records(settings, count: 150, interval: 0.02))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.count == 150)
        #expect(result.maximumError < 0.0003)  // √3 · half an LSB of 0.000175 rad/s
        #expect(abs(result.meanIntervalMilliseconds - 20) < 0.01)
    }

    @Test("an offset beyond the tolerance fails")
    func offset() {
        let result = BufferCheck(settings: settings).check(records(settings, count: 50, interval: 0.02, error: 0.01))
        #expect(result.failures.contains { $0.hasPrefix("max error") })
        #expect(result.failures.contains { $0.hasPrefix("rms error") })
    }

    @Test("a wrong rate and a dropped run of samples fail")
    func timing() {
        let slow = BufferCheck(settings: settings).check(records(settings, count: 50, interval: 0.025))
        #expect(slow.failures.contains { $0.hasPrefix("mean interval") })
        var gapSettings = settings
        gapSettings.intervalMilliseconds = 10
        var bytes = records(gapSettings, count: 40, interval: 0.01)
        bytes += records(gapSettings, count: 80, interval: 0.01).suffix(30 * BufferCheck.recordSize)  // samples 50…79: 110 ms gap
        let gap = BufferCheck(settings: gapSettings).check(bytes)
        #expect(gap.failures.contains { $0.hasPrefix("gap") })
    }

    @Test("no samples is a failure, not a pass")
    func empty() {
        #expect(BufferCheck(settings: settings).check([]).failures == ["no samples"])
    }
}
