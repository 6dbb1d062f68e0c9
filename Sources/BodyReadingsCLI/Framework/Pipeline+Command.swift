import BodyReadings
import Sensors

extension Pipeline {
    /// Runs the pipeline for a long-running command: the first SIGINT or SIGTERM cancels it (it ends
    /// `.cancelled` after flushing and restoring the device); a second runs `emergency` (restore the device) and
    /// exits at once. A closed stdout ends it as `.outputClosed`.
    mutating func run<Consumer: UpdateConsumer>(
        into consumer: inout Consumer, console: Console, emergency: @escaping @Sendable () -> Void
    ) throws -> PipelineReport where Consumer.Update == Processor.Output {
        let control = self.control
        let signals = StopSignals(
            stop: { _ in control.cancel() },
            emergency: {
                console.note("interrupted again: restoring the device and exiting now")
                emergency()
            })
        defer { signals.uninstall() }
        var guarded = ConsoleConsumer(base: consumer)
        defer { consumer = guarded.base }
        return try run(into: &guarded)
    }
}

extension Pipeline {
    /// Runs a live source for a command (see `run(into:console:emergency:)`); a second signal stops the source.
    mutating func run<Consumer: UpdateConsumer, Assembler: SampleAssembler>(
        into consumer: inout Consumer, console: Console
    ) throws -> PipelineReport where Consumer.Update == Processor.Output, Input == SourceInput<Assembler> {
        let source = input.source
        return try run(into: &consumer, console: console, emergency: { source.stop() })
    }
}
