extension Altimeter {
    /// The altimeter's parameters.
    public struct Settings: Sendable, Hashable {
        /// Time constant of each of the two pressure low-passes, s. 0.3 (≈ 0.6 s of delay in all).
        public var timeConstant = 0.3
        /// Time constant of the temperature's low-pass, s. 10.
        public var temperatureTimeConstant = 10.0
        /// Samples further apart than this, s, restart the filter. 2.
        public var maximumGap = 2.0
        /// How long after the first sample the reference pressure takes in samples, s: their mean is the reference.
        /// 1. A single sample's noise (a BMP280's 1.3 Pa RMS, 0.11 m; 0.4 m now and then) would offset every later
        /// height; 25 samples at 25 Hz leave 0.26 Pa (0.02 m). Chosen on simulated 10-minute walks (seeds
        /// 200000–200999, not `bench/altitude`'s): the height's RMS error is over 0.5 m on 32 of 1000 walks, against
        /// 70 with the first sample as the reference (33 and 32 with 2 s and 0.5 s); every one of the 32 is within
        /// 0.5 m without the weather (falling 29–59 Pa/h there).
        public var referenceTime = 1.0

        /// The defaults above.
        public init() {}
    }
}
