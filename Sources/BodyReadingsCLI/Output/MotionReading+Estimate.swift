import Fusion
import Publishing

extension MotionReading {
    /// The payload values of a fused update.
    init(_ estimate: MotionEstimate) {
        self.init(
            t: estimate.t, attitude: estimate.attitude, rotationRate: estimate.rotationRate, gravity: estimate.gravity,
            userAcceleration: estimate.userAcceleration)
    }
}
