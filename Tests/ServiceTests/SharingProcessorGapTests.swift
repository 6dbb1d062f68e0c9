import BodyReadings
import Fusion
import MotionMath
@testable import Service
import TestSupport
import Testing

/// The samples a restart cost are counted at the sensors' mean sample period, not at the last spacing seen: a HID
/// hub's reports at 100 Hz come 6 and 14 ms apart, and a count from one spacing was off by 30 % or more.
@Suite("sharing processor gaps")
struct SharingProcessorGapTests {
    @Test(arguments: [0.006, 0.014])
    func aRestartsLossIsCountedAtTheMeanRate(lastSpacing: Double) throws {
        let gaps = UpdateFanOut<CaptureGap>()
        let told = Locked<[CaptureGap]>([])
        _ = gaps.subscribe(interval: 0) { gap in told.mutate { $0.append(gap) } }
        var processor = SharingProcessor(filter: AttitudeFilter(), raw: UpdateFanOut<IMUSample>(), gaps: gaps)
        // Two seconds at 100 Hz whose spacings alternate around 10 ms, ending with `lastSpacing`.
        var t = 100.0
        for index in 0..<200 {
            t += index == 199 ? lastSpacing : (index % 2 == 0 ? 0.006 : 0.014)
            processor.process(Self.sample(at: t)) { _ in }
        }
        processor.sensorsRestarted()
        processor.process(Self.sample(at: t + 1.0)) { _ in }
        let gap = try #require(told.value.first)
        // 1 s at 100 Hz: 99 samples fit between the two (the average's own lag allows one either way).
        #expect(abs(gap.missed - 99) <= 2, "\(gap.missed) samples counted for 1 s at 100 Hz")
    }

    private static func sample(at t: Double) -> IMUSample {
        IMUSample(t: t, accelerometer: Vector3(0, 0, 9.81), gyroscope: Vector3(0, 0, 0), magnetometer: nil)
    }
}
