extension SimulatedBarometer {
    /// The sensor's error model and the weather. Defaults: a BMP280 in normal mode at ×16 pressure and ×2
    /// temperature oversampling, IIR filter off (datasheet BST-BMP280-DS001, tables 2, 4 and 14).
    public struct Settings: Sendable, Hashable {
        /// Output data rate, Hz. 25 (the datasheet's 26.3 Hz at this oversampling, 0.5 ms standby).
        public var sampleRate = 25.0
        /// Pressure white noise, Pa RMS. 1.3.
        public var pressureNoise = 1.3
        /// Pressure output resolution, Pa. 0.16.
        public var pressureResolution = 0.16
        /// Bound of the temperature coefficient of offset, Pa/K (each device's is drawn within ±this). 1.5.
        public var temperatureCoefficient = 1.5
        /// Temperature output resolution, K. 0.01.
        public var temperatureResolution = 0.01
        /// The weather's pressure at the walk's start, Pa. 101 325.
        public var seaLevelPressure = 101_325.0
        /// Bound of the weather's linear drift, Pa per hour (each day's is drawn within ±this). 33 (1 hPa in 3 h).
        public var weatherRate = 100.0 / 3
        /// The 12-hour atmospheric tide's amplitude, Pa. 50.
        public var tideAmplitude = 50.0
        /// The air's temperature, °C. 21.
        public var airTemperature = 21.0
        /// How much warmer the die is than the air, K. 2.
        public var selfHeating = 2.0
        /// The die temperature's slow wander, K amplitude. 1.
        public var temperatureWander = 1.0
        /// The wander's period, s. 2400.
        public var temperatureWanderPeriod = 2400.0

        /// The defaults above.
        public init() {}
    }
}
