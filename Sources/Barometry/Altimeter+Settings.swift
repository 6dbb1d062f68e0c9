extension Altimeter {
    /// The altimeter's parameters.
    public struct Settings: Sendable, Hashable {
        /// Time constant of each of the two pressure low-passes, s. 0.3 (≈ 0.6 s of delay in all).
        public var timeConstant = 0.3
        /// Time constant of the temperature's low-pass, s. 10.
        public var temperatureTimeConstant = 10.0
        /// Samples further apart than this, s, restart the filter. 2.
        public var maximumGap = 2.0

        /// The defaults above.
        public init() {}
    }
}
