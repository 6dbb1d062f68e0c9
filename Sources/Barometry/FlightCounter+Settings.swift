extension FlightCounter {
    /// The flights counter's parameters.
    public struct Settings: Sendable, Hashable {
        /// The height of a floor, m. 3 (CoreMotion's is about the same).
        public var floorHeight = 3.0
        /// The part of a floor climbed or descended while walking at which the floor counts (above 0.5, at most 1).
        /// 0.6.
        public var countFraction = 0.6
        /// Consecutive steps further apart than this, s, are separate walks (the change between them counts
        /// nothing). 2, as `Pedometer.pauseLimit`.
        public var pauseLimit = 2.0
        /// A change of altitude between two steps faster than this, m/s, is a pressure jump, not a climb. 1.2.
        public var maximumClimbRate = 1.2
        /// A walk whose climb rate is under this, m/s, is level: the reckoning of floors follows its altitude. 0.06.
        public var levelRate = 0.06
        /// The time constant of the climb rate, s of walking. 3.
        public var rateTimeConstant = 3.0
        /// The time constant with which a level walk's altitude becomes the reckoning of floors, s. 30.
        public var levelTimeConstant = 30.0
        /// The altitudes kept for steps counted late, s: more than the step detector's lock-in window (20 s). 30.
        public var historySpan = 30.0
        /// The spacing of the altitudes kept, s. 0.1.
        public var historySpacing = 0.1

        /// The defaults above.
        public init() {}
    }
}
