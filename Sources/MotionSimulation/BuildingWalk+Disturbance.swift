extension BuildingWalk {
    /// A pressure disturbance: `pascals` from `start` s, decaying with `decay` s or (nil) held until `end`.
    public struct Disturbance: Sendable, Hashable {
        /// Start and end, s; the pressure, Pa; the decay time constant, s (nil: held).
        public var start: Double
        public var end: Double
        public var pascals: Double
        public var decay: Double?

        /// A disturbance with the given fields.
        public init(start: Double, end: Double, pascals: Double, decay: Double?) {
            self.start = start
            self.end = end
            self.pascals = pascals
            self.decay = decay
        }
    }
}
