import MotionMath

extension IMUSample: Timestamped {
    /// `t`, s.
    @inlinable public var timestamp: Double { t }
}
