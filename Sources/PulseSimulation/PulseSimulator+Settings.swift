extension PulseSimulator {
    /// What the simulated recording contains, with units and defaults. Amplitudes of disturbances are given in pulse
    /// amplitudes (the systolic peak of a beat at rest is 1).
    public struct Settings: Sendable, Hashable {
        // MARK: Heart and sampling

        /// Mean heart rate, beats/min. Meant for 30–220; the tests cover 48–165. Default 72.
        public var heartRate: Double = 72
        /// Sample rate, Hz. Default 100 (MAX30102's rate).
        public var sampleRate: Double = 100
        /// Timestamp jitter: each time is moved by up to ± half this fraction of the period (uniform), dimensionless,
        /// below 1. Default 0.
        public var timestampJitter: Double = 0

        // MARK: Heart-rate variability

        /// Breathing rate, Hz. Default 0.25 (15 breaths/min).
        public var respiratoryRate: Double = 0.25
        /// Respiratory sinus arrhythmia: the heart rate swings by this fraction with each breath. Default 0.05.
        public var sinusArrhythmia: Double = 0.05
        /// Mayer waves: a 0.1 Hz swing of the heart rate by this fraction. Default 0.03.
        public var mayerWave: Double = 0.03
        /// A slow drift of the heart rate (period 90 s) by this fraction. Default 0.04.
        public var heartRateDrift: Double = 0.04
        /// Beat-to-beat variation of the pulse amplitude, standard deviation as a fraction. Default 0.05.
        public var amplitudeVariation: Double = 0.05

        // MARK: Breathing, baseline and noise

        /// The pulse amplitude swings by this fraction with each breath. Default 0.15.
        public var breathingAmplitudeModulation: Double = 0.15
        /// The baseline swings by this many pulse amplitudes with each breath. Default 0.3.
        public var breathingBaseline: Double = 0.3
        /// A slow baseline wander (period 50 s) of this many pulse amplitudes. Default 0.8.
        public var baselineDrift: Double = 0.8
        /// White sensor noise, standard deviation in pulse amplitudes. Default 0.03.
        public var noise: Double = 0.03

        // MARK: Motion artefacts

        /// Motion-artefact bursts per second, on average (gaps uniform between 0.5 and 1.5 times the mean). Default 0.
        public var motionArtefactRate: Double = 0
        /// Amplitude of a burst (a sum of three random 0.3–4 Hz oscillations and noise), pulse amplitudes. Default 3.
        public var motionArtefactAmplitude: Double = 3
        /// Shortest and longest burst, s (uniform between). Default 1.5 and 5 s.
        public var motionArtefactDuration: ClosedRange<Double> = 1.5...5
        /// No burst starts before this time, s (lets a detector lock first). Default 10 s.
        public var motionArtefactStart: Double = 10

        // MARK: Finger off, saturation and scale

        /// Stretches with the finger off or the sensor saturated. Default none.
        public var segments: [Segment] = []
        /// The signal's resting level, in output units. Default 0.5.
        public var offset: Double = 0.5
        /// One pulse amplitude in output units. Default 0.1.
        public var pulseAmplitude: Double = 0.1
        /// The sensor's full scale: values are clipped to 0…fullScale. Default 1.
        public var fullScale: Double = 1
        /// While saturated the signal is multiplied by this gain before clipping: with the default offset (0.5) it
        /// sits at full scale. Default 3.
        public var saturationGain: Double = 3

        /// The defaults.
        public init() {}
    }
}
