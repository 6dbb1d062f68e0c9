extension PulseSimulator {
    /// A stretch of time with the finger off the sensor or the sensor saturated.
    public struct Segment: Sendable, Hashable {
        /// Start, s.
        public var start: Double
        /// End (exclusive), s.
        public var end: Double
        /// `.fingerOff` or `.saturated` (others are ignored).
        public var condition: SignalCondition

        /// The segment [start, end) with `condition`.
        public init(start: Double, end: Double, condition: SignalCondition) {
            self.start = start
            self.end = end
            self.condition = condition
        }
    }
}
