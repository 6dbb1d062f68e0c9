import Dispatch
import Sensors
import SystemSupport

/// The thread-safe handle of a pipeline run: cancel it from any thread (a signal handler's queue, a
/// `MotionManager` client) and read what it lost so far while it runs.
public final class PipelineControl: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`.

    /// Why a run was asked to stop from outside its loop.
    @usableFromInline
    enum StopRequest: Sendable {
        /// `cancel()`.
        case cancelled
        /// The wall-clock watchdog of a duration limit.
        case timedOut
    }

    private let lock = ThreadLock()
    private var cancelled = false
    private var timedOut = false
    private var interruption: (@Sendable () -> Void)?
    private var snapshot = CaptureStatistics()
    private var watchdog: (any DispatchSourceTimer)?

    public init() {}

    /// Stops the run soon: the input's blocked read returns, the run ends with `PipelineEnding.cancelled`. Before
    /// the run starts, it ends right after starting. Idempotent.
    public func cancel() {
        stop(.cancelled)
    }

    /// True once `cancel()` was called.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// What the input lost so far (updated every 64 elements and at the end of the run).
    public var statistics: CaptureStatistics {
        lock.lock()
        defer { lock.unlock() }
        return snapshot
    }

    /// The request that stopped the run from outside, if any; a cancellation wins over the watchdog.
    @usableFromInline
    var stopRequest: StopRequest? {
        lock.lock()
        defer { lock.unlock() }
        return cancelled ? .cancelled : timedOut ? .timedOut : nil
    }

    /// Connects the running input: a stop request calls `interruption` (at once when one came before).
    @usableFromInline
    func attach(_ interruption: @escaping @Sendable () -> Void) {
        lock.lock()
        self.interruption = interruption
        let already = cancelled || timedOut
        lock.unlock()
        if already { interruption() }
    }

    /// The run is over: later requests have nothing to interrupt, the watchdog is cancelled.
    @usableFromInline
    func detach(final statistics: CaptureStatistics) {
        lock.lock()
        interruption = nil
        snapshot = statistics
        let timer = watchdog
        watchdog = nil
        lock.unlock()
        timer?.cancel()
    }

    @usableFromInline
    func record(_ statistics: CaptureStatistics) {
        lock.lock()
        snapshot = statistics
        lock.unlock()
    }

    /// A stalled source delivers no sample time: interrupt the run by the wall clock after `seconds`.
    @usableFromInline
    func startWatchdog(after seconds: Double) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { [weak self] in self?.stop(.timedOut) }
        lock.lock()
        watchdog = timer
        lock.unlock()
        timer.resume()
    }

    private func stop(_ why: StopRequest) {
        lock.lock()
        switch why {
        case .cancelled: cancelled = true
        case .timedOut: timedOut = true
        }
        let interruption = self.interruption
        lock.unlock()
        interruption?()
    }
}
