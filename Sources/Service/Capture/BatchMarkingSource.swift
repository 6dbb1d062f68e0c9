import Sensors

/// The service's source as its capture thread reads it: every `read()` the sensors answer opens a batch (`begin`)
/// that the next `read()` closes (`end`, of the same observers in reverse order) before it waits for the sensors again, so that whatever the capture thread
/// publishes between two waits — the samples, motion, steps and beats of one refill — lies inside one batch, and
/// subscribers can send all of it at once. `finishBatch()` closes the last batch when the capture stops reading.
///
/// Everything else is the wrapped source's.
final class BatchMarkingSource: MotionSource, @unchecked Sendable {
    // @unchecked: `open` is confined to the reading thread; the rest is immutable or the wrapped source's.

    /// Told when a batch begins and ends.
    typealias Observer = (begin: @Sendable () -> Void, end: @Sendable () -> Void)

    /// The source read.
    let source: any MotionSource
    private let observers: @Sendable () -> [Observer]
    /// The observers of the open batch; nil between batches.
    private var open: [Observer]?

    /// True when `source` was started before it was handed over: `start` then leaves it running as it is.
    private let startedAhead: Bool

    /// Marks the batches of `source` for the observers `observers` returns when a batch begins; `startedAhead`:
    /// the source already runs (a restart started it while the one before drained).
    init(_ source: any MotionSource, startedAhead: Bool = false, observers: @escaping @Sendable () -> [Observer]) {
        self.source = source
        self.startedAhead = startedAhead
        self.observers = observers
    }

    var info: MotionSourceInfo { source.info }

    func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        guard !startedAhead else { return }
        try source.start(configuration)
    }

    func read() throws(CaptureError) -> [SensorReading]? {
        finishBatch()
        let readings = try source.read()
        let batch = observers()
        open = batch
        for observer in batch { observer.begin() }
        return readings
    }

    /// Closes the open batch, if any (reading thread only).
    func finishBatch() {
        guard let batch = open else { return }
        open = nil
        // In reverse, as nested scopes close: the last observer (the web's thread, which sends from a thread of
        // its own) starts its sends before the first (the socket server, which sends on this thread) makes its own.
        for observer in batch.reversed() { observer.end() }
    }

    func cancel() { source.cancel() }

    func stop() { source.stop() }

    var statistics: CaptureStatistics { source.statistics }
}
