import Sensors

/// The one capture → update pipeline that `MotionManager` and the `stream`, `record`, `fuse` and `calibrate`
/// commands run on:
///
///     input (source → per-reading calibration → sample assembly)  →  processor  →  decimator  →  consumer
///
/// - **Input** (`PipelineInput`): `SourceInput` over a live `MotionSource` (IIO, simulated, replayed), which applies
///   the calibration to every reading and merges accelerometer, gyroscope and magnetometer readings into
///   `IMUSample`s; or `RecordingInput` over a recording file.
/// - **Processor** (`ReadingProcessor`): `AttitudeFilter` (samples → estimates), `DeviceMotionFilter` (samples →
///   `DeviceMotion`), `Passthrough` (samples as they are).
/// - **Decimator** (`UpdateDecimator`): the update interval, on a grid of sample time.
/// - **Consumer** (`UpdateConsumer`): a writer, a live view, or `UpdateFanOut` for many subscribers with their own
///   intervals.
///
/// Generic over all four, so that further readings (step events, heart beats) plug in as an input element, a
/// processor and a consumer of their own; the loop is `@inlinable` and specialised for them, with no allocation and
/// no dynamic dispatch per element.
///
/// `run(into:)` runs once, on the calling thread, and stops on the first of: `count` updates delivered, `duration`
/// seconds of sample time (or of wall-clock time plus one second when the source stalls), the end of the input,
/// `control.cancel()`, the consumer answering `.enough`, or the consumer's output closing. Whatever ends it, the
/// consumer is flushed (unless its output closed) and the input stopped — the device restored — before it returns.
public struct Pipeline<Input: PipelineInput, Processor: ReadingProcessor>
where Processor.Input == Input.Element, Processor.Output: Timestamped {
    /// Where elements come from.
    public var input: Input
    /// What turns elements into updates.
    public var processor: Processor
    /// Intervals and stop conditions.
    public var settings: PipelineSettings
    /// Cancels the run and reports its statistics while it runs.
    public let control: PipelineControl

    public init(
        input: Input, processor: Processor, settings: PipelineSettings, control: PipelineControl = PipelineControl()
    ) {
        self.input = input
        self.processor = processor
        self.settings = settings
        self.control = control
    }

    /// Runs the pipeline until a stop condition (see the type's documentation), delivering the decimated updates
    /// to `consumer`. Throws what `input.start`, `input.next()` or the consumer throw (except `OutputClosed`),
    /// after stopping the input.
    @inlinable
    public mutating func run<Consumer: UpdateConsumer>(into consumer: inout Consumer) throws -> PipelineReport
    where Consumer.Update == Processor.Output {
        control.attach(input.interruption)
        do {
            try input.start(settings.captureConfiguration)
        } catch {
            input.stop()
            control.detach(final: input.statistics)
            throw error
        }
        if let duration = settings.duration { control.startWatchdog(after: duration + 1) }

        var decimator = UpdateDecimator(interval: settings.updateInterval)
        let count = settings.count
        var elements = 0
        var updates = 0
        var stop: PipelineEnding?
        func deliver(_ update: Processor.Output) throws {
            guard stop == nil, decimator.shouldEmit(t: update.t) else { return }
            updates += 1
            if try consumer.receive(update) == .enough {
                stop = .finished
            } else if let count, updates >= count {
                stop = .count
            }
        }

        var ending = PipelineEnding.endOfInput
        do {
            var origin: Double?
            while let element = try input.next() {
                elements += 1
                if elements & 63 == 0 {
                    control.record(input.statistics)
                    // An input whose reads cannot be interrupted (a file) stops here.
                    if control.isCancelled { break }
                }
                if let duration = settings.duration {
                    let first = origin ?? element.t
                    origin = first
                    if element.t - first >= duration - 1e-9 {
                        stop = .duration
                        break
                    }
                }
                try processor.process(element, emit: deliver)
                if stop != nil { break }
                if !input.hasBufferedElements { try consumer.idle() }
            }
            if stop == nil { try processor.finish(emit: deliver) }
            switch (stop, control.stopRequest) {
            case (let stop?, _): ending = stop
            case (nil, .cancelled?): ending = .cancelled
            case (nil, .timedOut?): ending = .duration
            case (nil, nil): ending = .endOfInput
            }
            try consumer.idle()
        } catch is OutputClosed {
            ending = .outputClosed
        } catch {
            input.stop()
            control.detach(final: input.statistics)
            throw error
        }
        input.stop()
        let statistics = input.statistics
        control.detach(final: statistics)
        return PipelineReport(ending: ending, statistics: statistics, elements: elements, updates: updates)
    }
}
