import MotionMath

extension PulseSimulator {
    /// One motion-artefact burst: three random oscillations and noise under a ramp that rises and falls.
    struct Burst: Sendable {
        let start: Double
        let end: Double
        let frequencies: (Double, Double, Double)
        let weights: (Double, Double, Double)
        let phases: (Double, Double, Double)

        /// A burst starting at `start`, drawn from `generator`.
        init(start: Double, settings: Settings, generator g: inout SeededGenerator) {
            self.start = start
            let range = settings.motionArtefactDuration
            end = start + range.lowerBound + (range.upperBound - range.lowerBound) * g.nextUniform()
            frequencies = (0.3 + 3.7 * g.nextUniform(), 0.3 + 3.7 * g.nextUniform(), 0.3 + 3.7 * g.nextUniform())
            weights = (0.5 + 0.5 * g.nextUniform(), 0.5 + 0.5 * g.nextUniform(), 0.5 + 0.5 * g.nextUniform())
            let twoPi = 2 * Double.pi
            phases = (twoPi * g.nextUniform(), twoPi * g.nextUniform(), twoPi * g.nextUniform())
        }

        /// The burst at `t` (pulse amplitudes per unit burst amplitude), with the noise deviate `noise`.
        func value(at t: Double, noise: Double) -> Double {
            let u = (t - start) / (end - start)
            let ramp = Swift.max(Elementary.sin(Double.pi * u), 0).squareRoot()
            let twoPi = 2 * Double.pi
            let oscillation = weights.0 * Elementary.sin(twoPi * frequencies.0 * t + phases.0)
                + weights.1 * Elementary.sin(twoPi * frequencies.1 * t + phases.1)
                + weights.2 * Elementary.sin(twoPi * frequencies.2 * t + phases.2)
            return ramp * (oscillation / 1.5 + 0.3 * noise)
        }
    }
}
