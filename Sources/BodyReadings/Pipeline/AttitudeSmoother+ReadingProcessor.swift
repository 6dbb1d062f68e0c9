import Fusion
import MotionMath

/// The offline smoother as a processor (`fuse --offline`): it keeps every sample and emits all the estimates, one
/// per sample, when the input has ended.
extension AttitudeSmoother: ReadingProcessor {
    public mutating func process(_ input: IMUSample, emit: (MotionEstimate) throws -> Void) rethrows {
        append(input)
    }

    public mutating func finish(emit: (MotionEstimate) throws -> Void) rethrows {
        try smooth(emit)
    }
}
