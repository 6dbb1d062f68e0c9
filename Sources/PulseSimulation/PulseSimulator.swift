import MotionMath

/// A photoplethysmogram with known beats: a streaming generator of PPG samples and their ground truth.
///
/// The model, per sample:
/// 1. the heart rate is the mean rate modulated by breathing (respiratory sinus arrhythmia), Mayer waves (0.1 Hz)
///    and a slow drift; beats come from integral pulse-frequency modulation (a beat each time the integral of the
///    rate crosses a whole beat; the onset is interpolated between samples, so beat times do not depend on the rate);
/// 2. each pulse is a systolic and a diastolic Gaussian wave at 0.25 and 0.55 of its RR interval (widths 0.08 and
///    0.13 RR, the diastolic one half as high), which gives the dicrotic notch of a young adult's finger PPG;
/// 3. breathing modulates the pulse amplitude and the baseline, which also wanders slowly; white noise is added;
/// 4. motion-artefact bursts (a ramped sum of random 0.3–4 Hz oscillations and noise) come at random;
/// 5. finger-off segments show ambient light and noise only; saturated ones are amplified and clipped at full scale.
///
/// Deterministic per seed: two `SeededGenerator`s (one for the structure — phases, beat amplitudes, bursts —, one for
/// the per-sample noise and jitter), so the beats and bursts of a seed hardly depend on the sample rate either.
public struct PulseSimulator: Sendable {
    /// What the recording contains.
    public let settings: Settings
    private var structure: SeededGenerator
    private var noise: SeededGenerator
    private var index = 0
    private var lastTime: Double?
    private var phase: Double
    /// Phases of the breathing, Mayer-wave, heart-rate drift and baseline oscillations, rad.
    private let phases: (breathing: Double, mayer: Double, drift: Double, baseline: Double)
    /// The current and previous beat: onset time (s), RR interval (s) and amplitude (pulse amplitudes).
    private var current: (time: Double, interval: Double, amplitude: Double)?
    private var previous: (time: Double, interval: Double, amplitude: Double)?
    private var burst: Burst?
    private var nextBurstStart: Double

    /// A simulator for `settings`, fixed by `seed`.
    public init(settings: Settings = Settings(), seed: UInt64) {
        self.settings = settings
        structure = SeededGenerator(seed: seed)
        noise = SeededGenerator(seed: seed ^ 0x5DEE_CE66_D1CE_5EED)
        let twoPi = 2 * Double.pi
        phases = (
            twoPi * structure.nextUniform(), twoPi * structure.nextUniform(), twoPi * structure.nextUniform(),
            twoPi * structure.nextUniform()
        )
        phase = structure.nextUniform()
        nextBurstStart = settings.motionArtefactStart
        if settings.motionArtefactRate > 0 { nextBurstStart += nextBurstGap() }
    }

    /// The true instantaneous heart rate at `t`, beats/min.
    public func heartRate(at t: Double) -> Double {
        let s = settings
        let twoPi = 2 * Double.pi
        return s.heartRate
            * (1 + s.sinusArrhythmia * Elementary.sin(twoPi * s.respiratoryRate * t + phases.breathing)
                + s.mayerWave * Elementary.sin(twoPi * 0.1 * t + phases.mayer)
                + s.heartRateDrift * Elementary.sin(twoPi / 90 * t + phases.drift))
    }

    /// The next sample.
    public mutating func next() -> SimulatedPPGSample {
        let s = settings
        let period = 1 / s.sampleRate
        let jitter = s.timestampJitter > 0 ? (noise.nextUniform() - 0.5) * s.timestampJitter * period : 0
        let t = Double(index) * period + jitter
        index += 1
        let rate = heartRate(at: t)

        // 1. Beats by integral pulse-frequency modulation.
        var onset: Double?
        if let last = lastTime {
            let dt = t - last
            let before = phase
            phase += rate / 60 * dt
            if phase >= 1 {
                let time = last + (1 - before) / (phase - before) * dt
                previous = current
                current = (time, 60 / rate, 1 + s.amplitudeVariation * structure.nextGaussian())
                phase -= 1
                onset = time
            }
        }
        lastTime = t

        // 2.–3. Pulse waves, breathing, baseline and noise.
        let twoPi = 2 * Double.pi
        let breathing = twoPi * s.respiratoryRate * t + phases.breathing
        var y = pulse(at: t, of: current) + pulse(at: t, of: previous)
        y *= 1 + s.breathingAmplitudeModulation * Elementary.sin(breathing + 0.5)
        y += s.breathingBaseline * Elementary.sin(breathing + 1)
        y += s.baselineDrift * Elementary.sin(twoPi / 50 * t + phases.baseline)
        y += s.noise * noise.nextGaussian()

        // 4. Motion artefacts.
        var condition = SignalCondition.clean
        if s.motionArtefactRate > 0 {
            if burst == nil, t >= nextBurstStart { burst = Burst(start: t, settings: s, generator: &structure) }
            if let active = burst {
                if t < active.end {
                    y += s.motionArtefactAmplitude * active.value(at: t, noise: noise.nextGaussian())
                    condition = .motion
                } else {
                    burst = nil
                    nextBurstStart = active.end + nextBurstGap()
                }
            }
        }

        // 5. Finger off and saturation, then the sensor's range.
        var value = s.offset + s.pulseAmplitude * y
        for segment in s.segments where t >= segment.start && t < segment.end {
            switch segment.condition {
            case .fingerOff:
                value = 0.02 * s.fullScale + 0.0005 * s.fullScale * noise.nextGaussian()
                condition = .fingerOff
            case .saturated:
                value *= s.saturationGain
                condition = .saturated
            case .clean, .motion:
                break
            }
        }
        value = Swift.min(Swift.max(value, 0), s.fullScale)
        return SimulatedPPGSample(t: t, value: value, beat: onset, heartRate: rate, condition: condition)
    }

    /// The pulse wave of `beat` at `t`, pulse amplitudes.
    private func pulse(at t: Double, of beat: (time: Double, interval: Double, amplitude: Double)?) -> Double {
        guard let beat else { return 0 }
        let tau = (t - beat.time) / beat.interval
        let systolic = (tau - 0.25) / 0.08
        let diastolic = (tau - 0.55) / 0.13
        return beat.amplitude
            * (Elementary.exp(-0.5 * systolic * systolic) + 0.5 * Elementary.exp(-0.5 * diastolic * diastolic))
    }

    /// The gap before the next burst, s: uniform between 0.5 and 1.5 mean gaps.
    private mutating func nextBurstGap() -> Double {
        (0.5 + structure.nextUniform()) / settings.motionArtefactRate
    }
}
