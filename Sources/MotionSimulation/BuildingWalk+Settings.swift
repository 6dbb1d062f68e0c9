extension BuildingWalk {
    /// The building and the person.
    public struct Settings: Sendable, Hashable {
        /// The height of a floor, m. 3.
        public var floorHeight = 3.0
        /// Steps of stairs per floor (an even number). 18.
        public var risersPerFloor = 18
        /// Level steps on each landing and on arrival. 3.
        public var landingSteps = 3
        /// Steps per second on the level. 1.8.
        public var cadence = 1.8
        /// Steps per second on stairs up. 1.5; down 1.8.
        public var stairsUpCadence = 1.5
        public var stairsDownCadence = 1.8
        /// The lift's peak speed, m/s. 1.5.
        public var liftSpeed = 1.5
        /// Doors closing before and opening after a ride, s. 4.
        public var liftDoorTime = 4.0

        /// The defaults above.
        public init() {}
    }
}
