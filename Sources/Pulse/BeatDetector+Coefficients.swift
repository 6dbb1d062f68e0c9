import MotionMath

extension BeatDetector {
    /// Constants derived from `Settings` and the nominal sample period (never set directly).
    public struct Coefficients: Sendable, Hashable {
        /// The nominal sample period, s: the median of the first eight time steps.
        public let samplePeriod: Double
        /// The low-pass cut-off actually designed, Hz (`Settings.lowPassFrequency`, at most 0.35 × the rate).
        public let lowPassFrequency: Double
        /// The low-pass's group delay at low frequencies, √2 / (2π f_c), s: subtracted from beat times.
        public let delay: Double
        /// Samples of band-passed signal kept for the pulse template (the longest template window plus margin), at
        /// most `BeatDetector.maximumSampleRate` × the window: a faster signal gets a ring that covers less time
        /// (worse templates), never a larger one.
        let capacity: Int
        let highPass: Biquad
        let lowPass: Biquad

        /// The longest template window the ring keeps whatever the settings, s (the default is 1.8 s).
        static let longestTemplateWindow = 10.0

        /// Derives the coefficients for `settings` at one sample every `samplePeriod` seconds.
        init(settings s: Settings, samplePeriod period: Double) {
            samplePeriod = period
            let rate = 1.0 / period
            let cutoff = Swift.min(s.lowPassFrequency, 0.35 * rate)
            lowPassFrequency = cutoff
            highPass = Biquad(butterworthCutoff: s.highPassFrequency, rate: rate, highPass: true)
            lowPass = Biquad(butterworthCutoff: cutoff, rate: rate, highPass: false)
            delay = 2.0.squareRoot() / (2.0 * Double.pi * cutoff)
            let seconds = Swift.min((s.templateBefore + s.templateAfter) * s.maximumInterval, Self.longestTemplateWindow)
            let window = seconds * Swift.min(rate, BeatDetector.maximumSampleRate)
            capacity = (window.isFinite && window > 0 ? Int(window.rounded(.up)) : 0) + 4
        }
    }
}
