import Fusion

extension MotionEstimate: Timestamped {
    /// `t`, the time of the sample the estimate was fused from, s.
    @inlinable public var timestamp: Double { t }
}
