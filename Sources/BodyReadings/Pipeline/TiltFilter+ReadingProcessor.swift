import Fusion
import MotionMath
import Sensors

/// The tilt filter as the processor of an accelerometer-only device: one estimate per accelerometer reading (the
/// readings of `StepAssembler`, which keeps the accelerometer's in time order); other kinds are ignored.
extension TiltFilter: ReadingProcessor {
    public mutating func process(_ input: SensorReading, emit: (MotionEstimate) throws -> Void) rethrows {
        guard input.kind == .accelerometer else { return }
        try emit(update(t: input.t, accelerometer: input.value))
    }
}
