import Fusion
import MotionMath

/// The attitude filter as the processor of device motion: one estimate per IMU sample.
extension AttitudeFilter: ReadingProcessor {
    @inlinable
    public mutating func process(_ input: IMUSample, emit: (MotionEstimate) throws -> Void) rethrows {
        try emit(update(input))
    }
}
