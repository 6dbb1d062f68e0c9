import BodyReadings
import Dispatch

/// One capture run shared by `stream` and `record`: starts the source, merges its readings, hands every sample to
/// the command, and stops on the first of: `--count` rows, `--duration` seconds of samples, end of a recording,
/// SIGINT/SIGTERM, or a closed stdout. Whatever ends it, the output is flushed and the source stopped (the device
/// restored) before it returns; a second signal restores and exits at once.
struct StreamSession {
    /// The source, not yet started.
    var source: any MotionSource
    /// The update interval, s.
    var interval: Double
    /// Stop after this many seconds of samples (sample time), or nil.
    var duration: Double?
    /// Stop after this many rows, or nil.
    var count: Int?
    /// Per-sensor correction (calibration), or nil.
    var correction: ReadingCorrection?

    /// How the session ended.
    enum Ending: Equatable {
        case count, duration, endOfInput, signal, closedOutput
    }

    /// Runs the session. `consume` gets every merged sample and says whether it produced an output row; `flush` is
    /// called whenever no further sample is immediately available (throws `ConsoleError.closed` when the reader
    /// went away). Returns how it ended and what was lost.
    func run(
        console: Console, consume: (IMUSample) throws -> Bool, flush: () throws -> Void
    ) throws -> (ending: Ending, statistics: CaptureStatistics, rows: Int) {
        let source = self.source
        let signalled = SignalFlag()
        let signals = StopSignals(
            stop: { _ in
                signalled.set()
                source.cancel()
            },
            emergency: {
                console.note("interrupted again: restoring the device and exiting now")
                source.stop()
            })
        defer { signals.uninstall() }

        do {
            try source.start(CaptureConfiguration(updateInterval: interval, log: { console.note($0) }))
        } catch {
            source.stop()
            throw error
        }
        // A stalled sensor delivers no sample time: end a --duration run by the wall clock too, a second late.
        let timedOut = SignalFlag()
        var watchdog: (any DispatchSourceTimer)?
        if let duration {
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
            timer.schedule(deadline: .now() + duration + 1)
            timer.setEventHandler {
                timedOut.set()
                source.cancel()
            }
            timer.resume()
            watchdog = timer
        }
        defer { watchdog?.cancel() }
        let stream = MotionSampleStream(source: source, correction: correction)
        var rows = 0
        var firstTime: Double?
        var ending = Ending.endOfInput
        do {
            while let sample = try stream.next() {
                let first = firstTime ?? sample.t
                firstTime = first
                if let duration, sample.t - first >= duration - 1e-9 {
                    ending = .duration
                    break
                }
                if try consume(sample) {
                    rows += 1
                    if let count, rows >= count {
                        ending = .count
                        break
                    }
                }
                if !stream.hasBufferedSamples { try flush() }
            }
            if ending == .endOfInput, signalled.isSet { ending = .signal }
            if ending == .endOfInput, timedOut.isSet { ending = .duration }
            try flush()
        } catch ConsoleError.closed {
            ending = .closedOutput
        } catch {
            source.stop()
            throw error
        }
        source.stop()
        return (ending, stream.statistics, rows)
    }
}

/// Set once from the signal queue, read from the session's thread.
private final class SignalFlag: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = DispatchSemaphore(value: 1)
    private var value = false

    func set() {
        lock.wait()
        value = true
        lock.signal()
    }

    var isSet: Bool {
        lock.wait()
        defer { lock.signal() }
        return value
    }
}
