import Dispatch
import Foundation
import MotionMath
import Sensors
import Testing
@testable import BodyReadings

/// A timestamped test element.
struct Tick: Timestamped, Equatable, Sendable {
    var t: Double
}

/// What a `ScriptedInput` was asked to do, visible after the pipeline consumed the input.
final class InputLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    private let interrupted = DispatchSemaphore(value: 0)

    func note(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }
    func count(_ event: String) -> Int { all.filter { $0 == event }.count }

    func interrupt() {
        note("interrupt")
        interrupted.signal()
    }

    /// Blocks like a sensor without data until `interrupt()`.
    func waitForInterrupt() {
        interrupted.wait()
        interrupted.signal()
    }
}

/// Elements from a list; at its end the input either ends or blocks until interrupted (a stalled sensor).
/// Batches of `batch` elements are "buffered", so the consumer idles after each batch.
struct ScriptedInput: PipelineInput {
    var elements: [Tick]
    var stallsAtEnd = false
    var batch = 4
    var failStart = false
    var statisticsValue = CaptureStatistics()
    let log = InputLog()
    private var index = 0

    init(_ times: [Double], stallsAtEnd: Bool = false) {
        elements = times.map(Tick.init)
        self.stallsAtEnd = stallsAtEnd
    }

    mutating func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        log.note("start \(configuration.updateInterval)")
        if failStart { throw CaptureError(.busy, "busy") }
    }

    mutating func next() throws(CaptureError) -> Tick? {
        guard index < elements.count else {
            if stallsAtEnd { log.waitForInterrupt() }
            return nil
        }
        defer { index += 1 }
        return elements[index]
    }

    var hasBufferedElements: Bool { index % batch != 0 }

    var interruption: @Sendable () -> Void {
        let log = self.log
        return { log.interrupt() }
    }

    mutating func stop() { log.note("stop") }

    var statistics: CaptureStatistics { statisticsValue }
}

/// Collects what it receives; answers `.enough` after `enough` updates or throws `failure` on the `failAt`-th.
struct Recorder: UpdateConsumer {
    var received: [Double] = []
    var idles = 0
    var enough = Int.max
    var failAt = Int.max
    var failure: any Error = OutputClosed()

    mutating func receive(_ update: Tick) throws -> ConsumerDemand {
        received.append(update.t)
        if received.count == failAt { throw failure }
        return received.count >= enough ? .enough : .more
    }

    mutating func idle() throws { idles += 1 }
}

/// Holds every element back by one and hands the last one over at the end (as a step detector waits for the next
/// sample to confirm a peak).
struct DelayByOne: ReadingProcessor {
    var held: Tick?

    mutating func process(_ input: Tick, emit: (Tick) throws -> Void) rethrows {
        if let held { try emit(held) }
        held = input
    }

    mutating func finish(emit: (Tick) throws -> Void) rethrows {
        if let held { try emit(held) }
        held = nil
    }
}

@Suite("Pipeline")
struct PipelineTests {
    static func times(_ count: Int, period: Double = 0.01, from start: Double = 100) -> [Double] {
        (0..<count).map { start + Double($0) * period }
    }

    func run(
        _ input: ScriptedInput, settings: PipelineSettings = PipelineSettings(captureInterval: 0.1),
        consumer: Recorder = Recorder(), control: PipelineControl = PipelineControl()
    ) throws -> (report: PipelineReport, consumer: Recorder) {
        var pipeline = Pipeline(input: input, processor: Passthrough<Tick>(), settings: settings, control: control)
        var consumer = consumer
        let report = try pipeline.run(into: &consumer)
        return (report, consumer)
    }

    @Test func theEndOfTheInputEndsTheRunAndStopsTheInput() throws {
        let input = ScriptedInput(Self.times(10))
        let (report, consumer) = try run(input)
        #expect(report == PipelineReport(ending: .endOfInput, statistics: CaptureStatistics(), elements: 10, updates: 10))
        #expect(consumer.received == Self.times(10))
        #expect(input.log.all.first == "start 0.1")
        #expect(input.log.count("stop") == 1)
        // Idle after each batch of four that emptied the buffer (after 4 and 8), and once at the end.
        #expect(consumer.idles == 3)
    }

    @Test func countStopsAfterThatManyDeliveredUpdates() throws {
        let input = ScriptedInput(Self.times(1000))
        let (report, consumer) = try run(
            input, settings: PipelineSettings(captureInterval: 0.1, updateInterval: 0.1, count: 5))
        #expect(report.ending == .count)
        #expect(report.updates == 5)
        #expect(consumer.received.count == 5)
        #expect(input.log.count("stop") == 1)
    }

    /// The element at `duration` seconds after the first is not processed: t = 100.00 … 100.99 are.
    @Test func durationCountsSampleTime() throws {
        let (report, consumer) = try run(
            ScriptedInput(Self.times(500)), settings: PipelineSettings(captureInterval: 0.1, duration: 1))
        #expect(report.ending == .duration)
        #expect(consumer.received.count == 100)
        #expect(consumer.received.last == Self.times(100).last)
    }

    /// A source that stalls delivers no sample time: the wall clock ends the run a second after the duration.
    @Test func aStalledSourceIsStoppedByTheWatchdog() throws {
        let input = ScriptedInput(Self.times(3), stallsAtEnd: true)
        let start = Date()
        let (report, consumer) = try run(input, settings: PipelineSettings(captureInterval: 0.1, duration: 0.2))
        let elapsed = Date().timeIntervalSince(start)
        #expect(report.ending == .duration)
        #expect(consumer.received.count == 3)
        #expect(elapsed >= 1.1 && elapsed < 5, "watchdog after \(elapsed) s")
        #expect(input.log.count("interrupt") == 1)
    }

    @Test func cancelFromAnotherThreadEndsABlockedRun() throws {
        let input = ScriptedInput(Self.times(3), stallsAtEnd: true)
        let control = PipelineControl()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { control.cancel() }
        let (report, consumer) = try run(input, control: control)
        #expect(report.ending == .cancelled)
        #expect(consumer.received.count == 3)
        #expect(control.isCancelled)
        #expect(input.log.all.suffix(2) == ["interrupt", "stop"])
    }

    @Test func cancelBeforeTheRunInterruptsItAtOnce() throws {
        let input = ScriptedInput([], stallsAtEnd: true)
        let control = PipelineControl()
        control.cancel()
        let (report, _) = try run(input, control: control)
        #expect(report.ending == .cancelled)
        #expect(input.log.all == ["interrupt", "start 0.1", "stop"])
    }

    /// A file's reads cannot be interrupted (`fuse` on Ctrl-C): the run stops at its next check, every 64 elements.
    @Test func cancelStopsAnInputThatNeverBlocks() throws {
        let input = ScriptedInput(Self.times(100_000))
        let control = PipelineControl()
        control.cancel()
        let (report, consumer) = try run(input, control: control)
        #expect(report.ending == .cancelled)
        #expect(report.elements == 64)
        #expect(consumer.received.count == 63)
    }

    @Test func decimationDeliversOnTheGridOfTheInterval() throws {
        let (report, consumer) = try run(
            ScriptedInput(Self.times(101)), settings: PipelineSettings(captureInterval: 0.1, updateInterval: 0.25))
        #expect(report.elements == 101)
        #expect(report.updates == 5)
        let expected = [100, 100.25, 100.5, 100.75, 101].map { (t: Double) in
            Self.times(101).min { abs($0 - t) < abs($1 - t) } ?? 0
        }
        #expect(consumer.received == expected)
    }

    @Test func aConsumerThatHasEnoughFinishesTheRun() throws {
        let input = ScriptedInput(Self.times(50))
        let (report, consumer) = try run(input, consumer: Recorder(enough: 7))
        #expect(report.ending == .finished)
        #expect(consumer.received.count == 7)
        #expect(input.log.count("stop") == 1)
    }

    @Test func aClosedOutputEndsTheRunWithoutAnError() throws {
        let input = ScriptedInput(Self.times(50))
        let (report, _) = try run(input, consumer: Recorder(failAt: 3))
        #expect(report.ending == .outputClosed)
        #expect(report.updates == 3)
        #expect(input.log.count("stop") == 1)
    }

    @Test func aConsumerFailureIsRethrownAfterStoppingTheInput() throws {
        let input = ScriptedInput(Self.times(50))
        #expect(throws: CaptureError.self) {
            _ = try run(input, consumer: Recorder(failAt: 2, failure: CaptureError(.io, "disk full")))
        }
        #expect(input.log.count("stop") == 1)
    }

    @Test func aFailedStartStopsTheInputAndThrows() throws {
        var input = ScriptedInput(Self.times(5))
        input.failStart = true
        #expect(throws: CaptureError.self) { _ = try run(input) }
        #expect(input.log.all == ["start 0.1", "stop"])
    }

    @Test func statisticsComeFromTheStoppedInputAndTheControl() throws {
        var input = ScriptedInput(Self.times(200))
        input.statisticsValue.overruns = 2
        input.statisticsValue.missedSamples = 5
        let control = PipelineControl()
        let (report, _) = try run(input, control: control)
        #expect(report.statistics.overruns == 2 && report.statistics.missedSamples == 5)
        #expect(control.statistics == report.statistics)
    }

    /// A processor's pending output is handed over at the end of the input, and decimated like the rest.
    @Test func theProcessorFinishesAtTheEndOfTheInput() throws {
        var pipeline = Pipeline(
            input: ScriptedInput(Self.times(10)), processor: DelayByOne(),
            settings: PipelineSettings(captureInterval: 0.1))
        var consumer = Recorder()
        let report = try pipeline.run(into: &consumer)
        #expect(report.ending == .endOfInput)
        #expect(consumer.received == Self.times(10))
    }

    /// The live input: calibration applied to every reading, readings shown before assembly, a replay's samples
    /// merged, and the source stopped at the end.
    @Test func aLiveSourceRunsThroughCorrectionAndMerger() throws {
        let samples = (0..<50).map {
            IMUSample(t: Double($0) * 0.01, accelerometer: Vector3(0, 0, 9.81), gyroscope: Vector3(0.1, 0, 0))
        }
        let input = SourceInput(
            source: ReplayMotionSource(samples: samples, pacing: .fast),
            correction: { reading in
                var corrected = reading
                if reading.kind == .gyroscope { corrected.value = reading.value - Vector3(0.1, 0, 0) }
                return corrected
            })
        let seen = Counter()
        input.onReading = { _ in seen.increment() }
        var pipeline = Pipeline(
            input: input, processor: Passthrough<IMUSample>(), settings: PipelineSettings(captureInterval: 0.1))
        var received: [IMUSample] = []
        var consumer = ClosureConsumer<IMUSample> { sample in
            received.append(sample)
            return .more
        }
        let report = try pipeline.run(into: &consumer)
        #expect(report.ending == .endOfInput)
        #expect(seen.value == 100)
        #expect(received.map(\.t) == samples.map(\.t))
        #expect(received.allSatisfy { $0.gyroscope == .zero })
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
