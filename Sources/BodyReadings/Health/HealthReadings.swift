import Pedometry
import Pulse
import Sensors

/// The readings a motion capture carries beside device motion — steps and heart rate — derived on the capture
/// thread from the same corrected readings, so that one capture (one owner of the sensors) serves device motion,
/// a pedometer and a heart-rate monitor together, in `MotionManager` as in `bodyreadings serve`.
///
/// Every reading of the capture is offered to `take(_:)`: accelerometer readings (software counter) or the
/// hardware counter's count and activity go to a `StepProcessor`, whose counted steps are published to `steps` and
/// whose updates (counted steps and the tentative steps pending, `StepUpdate`) to `stepUpdates`; PPG
/// readings go through `PPGAssembler` to a `HeartRateProcessor`, whose heart rate at every sample is published to
/// `heartRate` and whose beats to `beats`; barometer readings go to the same `StepProcessor`'s altimeter, whose
/// reading of each, with the flights climbed on the counted steps, is published to `altitude`. A part whose fan-out
/// is nil is not computed.
///
/// Confined to the capture thread (the fan-outs themselves are thread-safe).
public final class HealthReadings: @unchecked Sendable {
    // @unchecked: handed to the capture thread before it starts and used only there.

    /// Where counted steps go, nil when not wanted.
    public let steps: UpdateFanOut<Step>?
    /// Where every `StepUpdate` goes (counted steps and changes of the tentative ones), nil when not wanted.
    public let stepUpdates: UpdateFanOut<StepUpdate>?
    /// Where the heart rate at every PPG sample goes, nil when not measured.
    public let heartRate: UpdateFanOut<HeartRateSample>?
    /// Where beats go, nil when not measured.
    public let beats: UpdateFanOut<Beat>?
    /// Where the altitude and the flights climbed go at every pressure reading, nil when not measured.
    public let altitude: UpdateFanOut<AltitudeUpdate>?
    private let counter: StepCounter?
    private var stepProcessor: StepProcessor?
    private var stepAssembler = StepAssembler()
    private var ppgAssembler = PPGAssembler()
    private var heartRateProcessor = HeartRateProcessor()
    private var scratch: [SensorReading] = []
    /// Added to every reading's time since the last restart, s (see `sensorsRestarted()`).
    private var offset = 0.0
    private var latest = -Double.infinity
    private var restarted = false
    private var ppgScratch: [PPGSample] = []

    /// Steps counted by `counter` (nil: none) published to `steps`, and with the tentative ones to `stepUpdates`
    /// (nil: not wanted); heart rate and beats to `heartRate` and `beats` (nil: not measured); the altitude to
    /// `altitude` (nil: not measured; without a counter it comes without flights).
    public init(
        counter: StepCounter?, stepSettings: StepDetector.Settings = StepDetector.Settings(),
        steps: UpdateFanOut<Step>?, stepUpdates: UpdateFanOut<StepUpdate>? = nil,
        heartRate: UpdateFanOut<HeartRateSample>?, beats: UpdateFanOut<Beat>?,
        altitude: UpdateFanOut<AltitudeUpdate>? = nil
    ) {
        self.steps = counter == nil ? nil : steps
        self.stepUpdates = counter == nil ? nil : stepUpdates
        self.heartRate = heartRate
        self.beats = beats
        self.altitude = altitude
        self.counter = counter
        let processor = counter ?? (altitude != nil ? .software : nil)
        stepProcessor = processor.map { StepProcessor(counter: $0, settings: stepSettings) }
    }

    /// The readings a capture must ask its source for to compute what this carries (beside device motion's).
    public var readings: Set<SensorReading.Kind> {
        var kinds = counter?.readings ?? []
        if heartRate != nil || beats != nil { kinds.insert(.ppg) }
        if altitude != nil { kinds.insert(.pressure) }
        return kinds
    }

    /// The capture's source was started over (a service's new interval plan): a hardware count starts again from
    /// 0, and a source whose clock starts again (the simulated one) is shifted to continue after the last reading,
    /// so that steps and beats keep going forward in time.
    public func sensorsRestarted() {
        restarted = true
        stepProcessor?.sensorsRestarted()
    }

    /// Takes one corrected reading of the capture.
    public func take(_ reading: SensorReading) {
        var reading = reading
        if restarted {
            restarted = false
            if reading.t + offset <= latest { offset = latest + 0.01 - reading.t }
        }
        reading.t += offset
        latest = max(latest, reading.t)
        switch reading.kind {
        case .accelerometer, .stepCount, .activity, .pressure:
            guard stepProcessor != nil, steps != nil || stepUpdates != nil || altitude != nil else { return }
            stepAssembler.push(reading, into: &scratch)
            // Through the optional in place: a copy of the detector would copy its buffers at every reading.
            for element in scratch {
                stepProcessor?.process(element) { update in
                    if let step = update.step { steps?.publish(step) }
                    stepUpdates?.publish(update)
                }
            }
            scratch.removeAll(keepingCapacity: true)
            if reading.kind == .pressure, let altitude, let latest = stepProcessor?.altitude, latest.t == reading.t {
                altitude.publish(
                    AltitudeUpdate(
                        reading: latest, floorsAscended: stepProcessor?.flights.floorsAscended ?? 0,
                        floorsDescended: stepProcessor?.flights.floorsDescended ?? 0))
            }
        case .ppg:
            guard heartRate != nil || beats != nil else { return }
            ppgAssembler.push(reading, into: &ppgScratch)
            for sample in ppgScratch {
                heartRateProcessor.process(sample) { update in
                    heartRate?.publish(update.sample)
                    if let beat = update.beat { beats?.publish(beat) }
                }
            }
            ppgScratch.removeAll(keepingCapacity: true)
        case .gyroscope, .magnetometer:
            return
        }
    }
}
