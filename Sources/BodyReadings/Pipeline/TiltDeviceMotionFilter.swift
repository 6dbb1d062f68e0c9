import Fusion
import MotionMath
import Sensors

/// The processor of `MotionManager`'s device motion on an accelerometer without a gyroscope: the tilt filter, each
/// estimate completed into a `DeviceMotion` (gravity, roll and pitch, and with a magnetometer its field and the
/// heading; rotation rate, user acceleration and bias NaN). Consumes the readings of `StepAssembler` with the
/// magnetometer, each kind in time order.
public struct TiltDeviceMotionFilter: ReadingProcessor {
    /// The filter.
    public var filter = TiltFilter()
    /// The latest magnetometer reading, µT: the field of the following updates.
    private var magnetometer: Vector3?

    public init() {}

    public mutating func process(_ input: SensorReading, emit: (DeviceMotion) throws -> Void) rethrows {
        switch input.kind {
        case .accelerometer:
            let estimate = filter.update(t: input.t, accelerometer: input.value)
            let sample = IMUSample(
                t: input.t, accelerometer: input.value, gyroscope: estimate.rotationRate, magnetometer: magnetometer)
            try emit(DeviceMotion(estimate: estimate, sample: sample))
        case .magnetometer:
            filter.update(t: input.t, magnetometer: input.value)
            magnetometer = input.value
        default: return
        }
    }
}
