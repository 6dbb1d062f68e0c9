import Fusion
import MotionMath
import Sensors

/// The tilt filter as the processor of a device without a gyroscope: one estimate per accelerometer reading, each
/// magnetometer reading taken into the heading of the next (the readings of `StepAssembler` with the magnetometer,
/// each kind in time order); other kinds are ignored.
extension TiltFilter: ReadingProcessor {
    public mutating func process(_ input: SensorReading, emit: (MotionEstimate) throws -> Void) rethrows {
        switch input.kind {
        case .accelerometer: try emit(update(t: input.t, accelerometer: input.value))
        case .magnetometer: update(t: input.t, magnetometer: input.value)
        default: return
        }
    }
}
