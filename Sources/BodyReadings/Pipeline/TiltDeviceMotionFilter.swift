import Fusion
import MotionMath
import Sensors

/// The processor of `MotionManager`'s device motion on an accelerometer without a gyroscope: the tilt filter, each
/// estimate completed into a `DeviceMotion` (gravity, roll and pitch; rotation rate, user acceleration and bias NaN,
/// no heading). Consumes the accelerometer readings `StepAssembler` keeps in time order.
public struct TiltDeviceMotionFilter: ReadingProcessor {
    /// The filter.
    public var filter = TiltFilter()

    public init() {}

    public mutating func process(_ input: SensorReading, emit: (DeviceMotion) throws -> Void) rethrows {
        guard input.kind == .accelerometer else { return }
        let estimate = filter.update(t: input.t, accelerometer: input.value)
        let sample = IMUSample(t: input.t, accelerometer: input.value, gyroscope: estimate.rotationRate)
        try emit(DeviceMotion(estimate: estimate, sample: sample))
    }
}
