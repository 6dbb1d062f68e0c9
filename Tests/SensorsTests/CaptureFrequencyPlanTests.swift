import Testing
@testable import Sensors

/// The sampling-frequency plan without a device: what is written, what is left alone, the rate that results and
/// the lines the capture logs.
@Suite("Capture: frequency plan")
struct CaptureFrequencyPlanTests {
    static let accelFrequency = AttributeLocation.channel(
        id: "accel_x", attribute: "sampling_frequency", file: "in_accel_sampling_frequency")
    static let gyroFrequency = AttributeLocation.channel(
        id: "anglvel_x", attribute: "sampling_frequency", file: "in_anglvel_sampling_frequency")

    static func sensor(
        _ kind: SensorKind, current: Double?, available: FrequencyList?,
        location: AttributeLocation? = .device("sampling_frequency")
    ) -> DiscoveredSensor {
        DiscoveredSensor(
            kind: kind, deviceID: "iio:device0", deviceName: "imu", identity: SensorIdentity(rawValue: "imu@test"),
            axes: [], scale: [1, 1, 1], offset: [0, 0, 0], samplingFrequency: current,
            samplingFrequencyAttribute: location, availableFrequencies: available, captureMode: .buffered,
            captureReason: "test")
    }

    static let bmi160List = FrequencyList.discrete([25, 50, 100, 200, 400, 800, 1600])

    @Test func listedFrequencyIsWrittenWhenItDiffers() throws {
        let plan = FrequencyPlan(
            sensors: [Self.sensor(.accelerometer, current: 50, available: Self.bmi160List)], interval: 0.005)
        #expect(plan.needed == 200)
        let step = try #require(plan.steps.first)
        #expect(plan.steps.count == 1)
        #expect(step.action == .choose(frequency: 200, write: true))
        #expect(step.write == 200)
        #expect(plan.rate() == 200)
        #expect(
            plan.announcement(of: step)
                == "accelerometer sampling at 200 Hz (smallest available ≥ 200 Hz for 0.005 s updates)")
        #expect(plan.outcome(of: step, refused: false) == nil)
    }

    /// Long intervals still ask for the fusion minimum (50 Hz), and an attribute already there is not rewritten.
    @Test func currentFrequencyIsNotRewritten() throws {
        let plan = FrequencyPlan(
            sensors: [Self.sensor(.gyroscope, current: 50, available: Self.bmi160List)], interval: 0.5)
        let step = try #require(plan.steps.first)
        #expect(step.action == .choose(frequency: 50, write: false))
        #expect(step.write == nil)
        #expect(plan.rate() == 50)
        #expect(plan.announcement(of: step) == "gyroscope sampling at 50 Hz (smallest available ≥ 50 Hz for 0.5 s updates)")
    }

    @Test func tooSlowListTakesTheFastest() throws {
        let plan = FrequencyPlan(
            sensors: [Self.sensor(.accelerometer, current: 12.5, available: .discrete([12.5, 25, 100]))],
            interval: 0.001)
        let step = try #require(plan.steps.first)
        #expect(step.action == .choose(frequency: 100, write: true))
        #expect(plan.rate() == 100)
        #expect(
            plan.announcement(of: step)
                == "accelerometer sampling at 100 Hz (fastest available; 1000 Hz wanted for 0.001 s updates)")
    }

    @Test func rangeListRoundsUpToAStep() throws {
        let plan = FrequencyPlan(
            sensors: [Self.sensor(.accelerometer, current: nil, available: .range(minimum: 10, step: 5, maximum: 1000))],
            interval: 1 / 62.0)
        #expect(plan.steps.first?.action == .choose(frequency: 65, write: true))
        #expect(plan.rate() == 65)
    }

    /// A HID hub lists nothing: a slow rate is raised to the needed one, or kept when the driver refuses it.
    @Test func unlistedSlowRateIsRaisedOrKeptWhenRefused() throws {
        let plan = FrequencyPlan(sensors: [Self.sensor(.accelerometer, current: 20, available: nil)], interval: 0.01)
        let step = try #require(plan.steps.first)
        #expect(step.action == .raise(frequency: 100, current: 20))
        #expect(step.write == 100)
        #expect(plan.announcement(of: step) == nil)
        #expect(plan.rate() == 100)
        #expect(plan.rate(refused: [step.location]) == 20)
        #expect(
            plan.outcome(of: step, refused: false)
                == "accelerometer sampling at 100 Hz (was 20 Hz, no list of available rates)")
        #expect(plan.outcome(of: step, refused: true) == "accelerometer stays at 20 Hz (the driver refused 100 Hz)")
    }

    @Test func unlistedFastOrUnknownRateIsLeftAlone() {
        let fast = FrequencyPlan(sensors: [Self.sensor(.accelerometer, current: 250, available: nil)], interval: 0.01)
        #expect(fast.steps.map(\.action) == [.keep])
        #expect(fast.steps.map(\.write) == [nil])
        #expect(fast.rate() == 250)
        // Within 1e-6 Hz of the needed rate counts as fast enough.
        let equal = FrequencyPlan(
            sensors: [Self.sensor(.accelerometer, current: 100 - 5e-7, available: nil)], interval: 0.01)
        #expect(equal.steps.map(\.action) == [.keep])
        let unknown = FrequencyPlan(sensors: [Self.sensor(.accelerometer, current: nil, available: nil)], interval: 0.01)
        #expect(unknown.steps.map(\.action) == [.keep])
        #expect(unknown.rate() == 100)
    }

    @Test func withoutAttributeTheNeededRateIsAssumed() {
        let plan = FrequencyPlan(
            sensors: [Self.sensor(.accelerometer, current: 400, available: Self.bmi160List, location: nil)],
            interval: 0.02)
        #expect(plan.steps.isEmpty)
        #expect(plan.rate() == 50)
        #expect(FrequencyPlan(sensors: [], interval: 0.001).rate() == 1000)
    }

    /// A split device whose sensors share one attribute sets it once, as its first sensor wants.
    @Test func sharedAttributeIsPlannedOnce() {
        let plan = FrequencyPlan(
            sensors: [
                Self.sensor(.accelerometer, current: 100, available: Self.bmi160List),
                Self.sensor(.gyroscope, current: 25, available: .discrete([800])),
            ],
            interval: 0.01)
        #expect(plan.steps.count == 1)
        #expect(plan.steps.first?.kind == .accelerometer)
        #expect(plan.steps.first?.action == .choose(frequency: 100, write: false))
        #expect(plan.rate() == 100)
    }

    /// Sensors with attributes of their own each get a step; the device runs as fast as the fastest.
    @Test func separateAttributesEachGetAStepAndTheFastestWins() {
        let plan = FrequencyPlan(
            sensors: [
                Self.sensor(.accelerometer, current: 100, available: .discrete([12.5, 100]), location: Self.accelFrequency),
                Self.sensor(.gyroscope, current: 25, available: .discrete([25, 800]), location: Self.gyroFrequency),
            ],
            interval: 0.01)
        #expect(plan.steps.map(\.location) == [Self.accelFrequency, Self.gyroFrequency])
        #expect(plan.steps.map(\.write) == [nil, 800])
        #expect(plan.rate() == 800)
    }
}

/// A driver without a sampling-frequency attribute and a known fixed rate (the health drivers' 100 samples/s).
@Suite("Capture: frequency plan, fixed rates")
struct CaptureFixedRateTests {
    @Test func aFixedRateIsTheDevicesRate() {
        let pulse = DiscoveredSensor(
            kind: .ppg, deviceID: "iio:device0", deviceName: "max30102", identity: SensorIdentity(rawValue: "m@test"),
            axes: [], lights: [.red, .infrared], scale: [1, 1], offset: [0, 0], samplingFrequency: 100,
            captureMode: .buffered, captureReason: "test")
        for interval in [0.01, 0.1, 1.0] {
            let plan = FrequencyPlan(sensors: [pulse], interval: interval)
            #expect(plan.steps.isEmpty)
            #expect(plan.rate() == 100)
        }
    }
}
