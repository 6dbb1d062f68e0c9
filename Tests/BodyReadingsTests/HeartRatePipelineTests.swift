import MotionMath
import PulseSimulation
import Sensors
import Testing

@testable import BodyReadings

/// The heart-rate reading on the pipeline: the PPG assembler, the processor and the simulated pulse with its truth.
@Suite("Heart rate on the pipeline")
struct HeartRatePipelineTests {
    @Test("the assembler takes infrared (else red, else green), negated; other kinds and old readings are left out")
    func assembler() {
        var assembler = PPGAssembler()
        var samples: [PPGSample] = []
        assembler.push(SensorReading(kind: .accelerometer, t: 0, value: Vector3(0, 0, 9.8)), into: &samples)
        assembler.push(SensorReading(kind: .ppg, t: 0.01, value: Vector3(100, 200, .nan)), into: &samples)
        assembler.push(SensorReading(kind: .ppg, t: 0.02, value: Vector3(101, 201, .nan)), into: &samples)
        assembler.push(SensorReading(kind: .ppg, t: 0.015, value: Vector3(1, 2, .nan)), into: &samples)
        #expect(samples == [PPGSample(t: 0.01, value: -200), PPGSample(t: 0.02, value: -201)])
        #expect(assembler.light == .infrared)
        #expect(assembler.droppedReadings == 1)
        var redOnly = PPGAssembler()
        redOnly.push(SensorReading(kind: .ppg, t: 0, value: Vector3(5, .nan, .nan)), into: &samples)
        #expect(redOnly.light == .red)
    }

    @Test("the simulated source gives no pulse to a motion capture and only the pulse, at 100 Hz, to a PPG capture")
    func simulatedReadingsFollowTheCapture() throws {
        let motion = SimulatedMotionSource(seed: 1, pacing: .fast)
        try motion.start(CaptureConfiguration(updateInterval: 0.1))
        let first = try #require(try motion.read())
        #expect(!first.contains { $0.kind == .ppg })
        let pulse = SimulatedMotionSource(seed: 1, pacing: .fast)
        try pulse.start(CaptureConfiguration(updateInterval: 0.1, readings: [.ppg]))
        var readings: [SensorReading] = []
        for _ in 0..<10 { readings += try #require(try pulse.read()) }
        #expect(readings.allSatisfy { $0.kind == .ppg })
        #expect(readings.count == 100)
        #expect(zip(readings.map(\.t), 0..<100).allSatisfy { abs($0 - Double($1) / 100) < 1e-12 })
        #expect(readings.allSatisfy { $0.value.x.isFinite && $0.value.y.isFinite && $0.value.z.isNaN })
    }

    @Test("the simulated pulse through the pipeline: the reported heart rate follows the simulator's true beats")
    func simulatedPulseHasTheTrueHeartRate() throws {
        let source = SimulatedMotionSource(seed: 5, pacing: .fast)
        var pipeline = Pipeline(
            input: SourceInput(source: source, assembler: PPGAssembler()), processor: HeartRateProcessor(),
            settings: PipelineSettings(captureInterval: 0.1, duration: 120, readings: [.ppg]))
        var beats: [Beat] = []
        var consumer = ClosureConsumer<HeartRateUpdate> { update in
            if let beat = update.beat { beats.append(beat) }
            return .more
        }
        _ = try pipeline.run(into: &consumer)
        // The truth: the same simulator, its beat onsets and conditions.
        var simulator = PulseSimulator(settings: source.pulseSettings, seed: source.pulseSeed)
        var onsets: [Double] = []
        var disturbed: [Double] = []
        while true {
            let sample = simulator.next()
            guard sample.t < 120 else { break }
            if let onset = sample.beat { onsets.append(onset) }
            if sample.condition != .clean { disturbed.append(sample.t) }
        }
        #expect(!disturbed.isEmpty, "the default pulse has motion-artefact bursts")
        let rated = beats.filter { $0.heartRate != nil }
        #expect(Double(rated.count) > 0.5 * Double(onsets.count), "\(rated.count) of \(onsets.count)")
        // Each reported heart rate against the true rate of the 8 s before it.
        var errors: [Double] = []
        for beat in rated {
            let window = onsets.filter { $0 > beat.t - 8 && $0 <= beat.t }
            guard window.count > 2, let first = window.first, let last = window.last else { continue }
            errors.append(abs(beat.heartRate! - 60 * Double(window.count - 1) / (last - first)))
        }
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(mean < 1.5, "mean |error| \(mean) beats/min")
    }
}
