import MotionMath
import MotionSimulation
import Testing
@testable import VirtualSensorHub

@Suite("The BMA400 feeder: accelerometer registers and the step counter")
struct BMA400FeederTests {
    /// What the bma400 driver makes of an axis: the little-endian 16-bit register pair, sign-extended from bit 11.
    static func driverRaw(_ low: UInt8, _ high: UInt8) -> Int {
        let raw = Int(low) | Int(high) << 8
        return ((raw & 0x0FFF) ^ 0x0800) - 0x0800
    }

    @Test("accelerometer: 12-bit two's complement, low byte first, upper nibble zero (HIL-FACTS: 0x0C00 reads −1024)")
    func accelEncoding() {
        let g = 1024 * BMA400Feeder.accelScale
        #expect(BMA400Feeder.accelRegisters(Vector3(g, -g, -BMA400Feeder.accelScale)) == [0x00, 0x04, 0x00, 0x0C, 0xFF, 0x0F])
        #expect(Self.driverRaw(0x00, 0x0C) == -1024)
    }

    @Test("out-of-range and NaN values saturate at 2047/−2048 or read 0 instead of trapping")
    func accelSaturation() {
        #expect(BMA400Feeder.accelRegisters(Vector3(.infinity, -.infinity, .nan)) == [0xFF, 0x07, 0x00, 0x08, 0, 0])
        #expect(BMA400Feeder.accelRegisters(Vector3(30, -30, 0)) == [0xFF, 0x07, 0x00, 0x08, 0, 0])
    }

    @Test("the driver reads back every value within half an LSB (0.0048 m/s²) over ±19.6 m/s²")
    func accelRoundTrip() {
        for value in stride(from: -19.6, through: 19.6, by: 0.0731) {
            let bytes = BMA400Feeder.accelRegisters(Vector3(value, 0, 0))
            let read = Double(Self.driverRaw(bytes[0], bytes[1])) * BMA400Feeder.accelScale
            #expect(abs(read - value) <= BMA400Feeder.accelScale / 2 + 1e-12)
        }
    }

    /// Runs `counter` over ticks k / 100 s for k in `ticks`, enabled where `enabled(t)`; returns every record.
    static func play(
        _ counter: inout BMA400StepCounter, ticks: ClosedRange<Int>, enabled: (Double) -> Bool
    ) -> [BMA400StepCounter.Record] {
        ticks.flatMap { k -> [BMA400StepCounter.Record] in
            let t = Double(k) / 100
            return counter.advance(to: t, enabled: enabled(t))
        }
    }

    @Test("enabled all the walk: every one of its 40 true steps is counted at its time, activity walking then still")
    func countsTheWalk() {
        let motion = HubTrajectory.walk.make()
        let truth = motion.steps(from: 0, to: 60)
        #expect(truth.count == 40)
        var counter = BMA400StepCounter(motion: motion)
        let records = Self.play(&counter, ticks: 0...1500) { _ in true }
        let activityWhileWalking = counter.activity
        let later = Self.play(&counter, ticks: 1501...3000) { _ in true }
        let steps = (records + later).filter { $0.event == .step }
        #expect(activityWhileWalking == 1)
        #expect(counter.count == 40)
        #expect(counter.activity == 0)
        #expect(records.first == BMA400StepCounter.Record(event: .enabled, t: 0, count: 0))
        #expect(steps.map(\.t) == truth)
        #expect(steps.map(\.count) == Array(1...40))
    }

    @Test("steps count only while enabled; count and activity hold while disabled")
    func onlyWhileEnabled() {
        let motion = HubTrajectory.walk.make()
        var counter = BMA400StepCounter(motion: motion)
        let records = Self.play(&counter, ticks: 0...3000) { t in t >= 10 && t <= 20 }
        // The tick at 10.00 s finds the bit set and counts what passed since the tick before; 20.01 s finds it clear.
        let expected = motion.stepCount(from: 9.99, to: 20)
        #expect(expected >= 18 && expected <= 20)
        #expect(counter.count == UInt32(expected))
        #expect(records.map(\.event).filter { $0 != .step } == [.enabled, .disabled])
        #expect(records.last?.t == 20.01)
        #expect(counter.activity == 1)  // last seen walking at 20 s, and not updated since
        #expect(counter.registers == [UInt8(expected), 0, 0, 1])
    }

    @Test("the 24-bit count wraps from 16777215 to 0, and its registers are little-endian")
    func wraps() {
        var counter = BMA400StepCounter(motion: HubTrajectory.walk.make(), initialCount: BMA400StepCounter.modulus - 3)
        _ = Self.play(&counter, ticks: 0...3000) { _ in true }
        #expect(counter.count == 37)
        #expect(counter.registers == [37, 0, 0, 0])
        #expect(BMA400StepCounter(motion: HubTrajectory.rest.make(), initialCount: 0x12_3456).registers == [0x56, 0x34, 0x12, 0])
        #expect(BMA400StepCounter(motion: HubTrajectory.rest.make(), initialCount: BMA400StepCounter.modulus + 5).count == 5)
    }
}
