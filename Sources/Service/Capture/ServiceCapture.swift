import BodyReadings
import Dispatch
import Fusion
import Pedometry
import Pulse
import MotionMath
import Sensors
import SystemSupport
import TextFormats

/// The sensors of a service: one source on a thread of its own, its samples calibrated, published to `raw` and
/// fused into `motion`, its steps, heart rate and altitude derived from the same readings (`HealthReadings`) into
/// `steps`, `heartRate`, `beats` and `altitude`: each an `UpdateFanOut` whose subscribers take updates at their own
/// intervals.
///
/// The sensors run for the shortest interval any consumer asks for (`demand(_:interval:)`, an `IntervalPlan`):
/// when that changes, the next source is opened (discovery) while the running one goes on delivering; then the
/// running one's devices are stopped (restored) and the next started for the new interval at once, while the
/// capture thread still takes what the running one had captured (`MotionSource.finishCapture`), and the filter
/// carries on. What remains of a gap is the devices' own stop and start (IIO: buffer set-up, tens of
/// milliseconds); the samples it cost are published to `gaps` (and counted in `restartLoss`), so that no consumer
/// loses data unknowingly. A recording is not restarted (it would start over): it runs at the plan it started with.
///
/// The sensors are read at most every `shortestReadInterval` seconds: a plan faster than that samples as fast as it
/// needs and delivers its samples a few per read (1.6 kHz read every 2 ms: 3–4 samples), so that the capture
/// thread and every subscriber wake up once per read rather than per sample. What one read brings is published
/// inside one batch (`observeBatches`), at whose end subscribers may send it all at once.
///
/// Thread-safe. Deliveries run on the capture thread: subscribers hand updates on quickly.
public final class ServiceCapture: @unchecked Sendable {
    // @unchecked: mutable state is guarded by `condition`.

    /// Creates a source for a restart of the sensors.
    public typealias SourceFactory = @Sendable () throws(CaptureError) -> any MotionSource

    /// Fused device motion.
    public let motion = UpdateFanOut<MotionEstimate>()
    /// Calibrated samples, every one the sensors deliver.
    public let raw = UpdateFanOut<IMUSample>()
    /// Every step (from the hardware counter or the step detector on the accelerometer).
    public let steps = UpdateFanOut<Step>()
    /// The samples each restart of the sensors cost, before the first sample after it.
    public let gaps = UpdateFanOut<CaptureGap>()
    /// The heart rate at every PPG sample.
    public let heartRate = UpdateFanOut<HeartRateSample>()
    /// Every beat.
    public let beats = UpdateFanOut<Beat>()
    /// The altitude at every pressure reading, with the flights climbed while walking since the capture started.
    public let altitude = UpdateFanOut<AltitudeUpdate>()
    /// The source has a barometer, read for `altitude`.
    public let hasBarometer: Bool
    /// What the source delivers.
    public let info: MotionSourceInfo
    /// The counter that counts steps; nil: none is counted (no accelerometer, or a hardware counter asked for that
    /// the source does not have).
    public let counter: StepCounter?
    /// The kinds of reading the source is asked for: the motion sensors', the step counter's, the pulse sensor's,
    /// the barometer's.
    public let readings: Set<SensorReading.Kind>
    /// The shortest time between two reads of the sensors, s: faster plans get several samples per read.
    public let shortestReadInterval: Double

    private let condition = ThreadCondition()
    private var source: (any MotionSource)?
    private let makeSource: SourceFactory?
    private let correction: ReadingCorrection?
    private let filterSettings: AttitudeFilter.Settings
    private let log: @Sendable (CaptureNote) -> Void
    private var plan: IntervalPlan
    private let slowDownDelay = 2.0
    private var started = false
    private var nextDemand: UInt64 = 0
    private var control: PipelineControl?
    private var restartWanted = false
    /// The next source while it is being opened and started, and once it is: it replaces the running one, whose
    /// devices it took over (`preparedInterval`: the interval it was started for).
    private var preparing = false
    private var prepared: Result<any MotionSource, CaptureError>?
    private var preparedInterval = 0.0
    /// The plan changed while a restart was under way: decide again once it is done.
    private var replanPending = false
    private var loss = (restarts: 0, missed: 0)
    private var stopping = false
    private var finished = false
    private var ending: CaptureError?
    private var endHandlers: [@Sendable (CaptureError?) -> Void] = []
    private var batchObservers: [BatchMarkingSource.Observer] = []

    /// A capture of `source` (opened, not started). `makeSource` opens a new source for a restart (nil: never
    /// restart, e.g. a recording); `correction` calibrates every reading; `baseInterval` is the interval the
    /// sensors run for without a faster demand, s; steps are counted as `counter` chooses; the sensors are read
    /// at most every `shortestReadInterval` seconds (default 0.002); `hasBarometer` says whether the source has a
    /// barometer (nil: as `MotionSource.deliversPressure` says).
    public init(
        source: any MotionSource, makeSource: SourceFactory?, correction: ReadingCorrection?,
        baseInterval: Double, counter: StepCounterChoice = .automatic, shortestReadInterval: Double = 0.002,
        hasBarometer: Bool? = nil,
        filterSettings: AttitudeFilter.Settings = AttitudeFilter.Settings(),
        log: @escaping @Sendable (CaptureNote) -> Void = { _ in }
    ) {
        self.source = source
        self.info = source.info
        let info = source.info
        let resolved = counter.resolve(hasHardware: info.hasStepCounter)
        self.counter = resolved == .software && !info.hasAccelerometer ? nil : resolved
        var readings: Set<SensorReading.Kind> = info.hasAccelerometer || info.hasGyroscope ? SensorReading.Kind.motion : []
        if let resolved = self.counter { readings.formUnion(resolved.readings) }
        if info.hasPPG { readings.insert(.ppg) }
        self.hasBarometer = hasBarometer ?? source.deliversPressure
        if self.hasBarometer { readings.insert(.pressure) }
        self.readings = readings
        self.makeSource = makeSource
        self.correction = correction
        self.filterSettings = filterSettings
        self.log = log
        self.shortestReadInterval = max(0, shortestReadInterval)
        let shortest = source.info.maximumSampleRate.map { $0 > 0 ? 1 / $0 : 0 } ?? 0
        plan = IntervalPlan(base: baseInterval, shortest: shortest, slowDownDelay: slowDownDelay)
        _ = gaps.subscribe(interval: 0) { [weak self, log] gap in
            self?.condition.withLock { self?.loss.missed += gap.missed }
            log(.info(
                "the sensors restarted for a new interval: \(gap.missed) samples missed in "
                    + "\(FixedDecimal.string(gap.to - gap.from, digits: 3)) s"))
        }
    }

    /// How often the sensors restarted for a new interval plan, and the samples those restarts cost.
    public var restartLoss: (restarts: Int, missed: Int) { condition.withLock { loss } }

    /// The interval the sensors run for now, s.
    public var captureInterval: Double { condition.withLock { plan.running } }

    /// Calls `handler` once when the capture ends: with the error that ended it, or nil at the end of a recording
    /// or after `stop()`. At once when it already ended.
    public func onEnd(_ handler: @escaping @Sendable (CaptureError?) -> Void) {
        condition.lock()
        guard finished else {
            endHandlers.append(handler)
            condition.unlock()
            return
        }
        let error = ending
        condition.unlock()
        handler(error)
    }

    /// Calls `begin` on the capture thread before it publishes what one read of the sensors brought, and `end`
    /// once it published all of it (before it waits for the sensors again, and when it stops): every update of
    /// every fan-out lies between the two. From the next read on; the `end`s run in reverse order of observation.
    public func observeBatches(begin: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void) {
        condition.withLock { batchObservers.append((begin, end)) }
    }

    /// Starts the capture thread; a failure to start the source ends the capture (see `onEnd`), as a later
    /// failure does.
    public func start() {
        guard condition.withLock({ () -> Bool in
            defer { started = true }
            return !started
        }) else { return }
        NamedThread.start(name: "br serve capture") { [self] in run() }
    }

    /// Registers a consumer's interval (s) and returns its handle; the sensors speed up at once if it needs that.
    public func demand(interval: Double) -> UInt64 {
        condition.lock()
        nextDemand += 1
        let id = nextDemand
        plan.demand(id, interval: interval)
        condition.unlock()
        replan()
        return id
    }

    /// Changes a consumer's interval.
    public func demand(_ id: UInt64, interval: Double) {
        condition.withLock { plan.demand(id, interval: interval) }
        replan()
    }

    /// Removes a consumer's demand; the sensors slow down once no faster demand remains for a while.
    public func release(_ id: UInt64) {
        condition.withLock { plan.release(id) }
        replan()
        DispatchQueue.global().asyncAfter(deadline: .now() + slowDownDelay + 0.05) { [weak self] in
            self?.replan()
        }
    }

    /// Stops the sensors (the device restored) and waits for the capture thread to end; every subscriber is told
    /// (without an error). Idempotent.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        let control = self.control
        let running = started
        condition.unlock()
        guard running else {
            source?.stop()
            return
        }
        control?.cancel()
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// Stops the current source at once from any thread (a second Ctrl-C): the device is restored, the capture
    /// thread ends soon after.
    public func stopSourceNow() {
        condition.lock()
        stopping = true
        let source = self.source
        condition.unlock()
        source?.stop()
    }

    // MARK: Internals

    /// Opens the next source when the plan changed, off the capture thread, and only then stops the running one's
    /// devices and starts the next for the new plan: discovery takes as long as a device's start-up, and the running
    /// source delivers meanwhile; what it captured before its devices stopped still reaches the capture thread,
    /// which then goes on with the next. A failure to open or start ends the capture.
    private func replan() {
        condition.lock()
        guard let makeSource, !stopping, !finished else {
            condition.unlock()
            return
        }
        // One restart at a time: the next takes over the devices from the source running then.
        guard !preparing, prepared == nil else {
            replanPending = true
            condition.unlock()
            return
        }
        guard plan.decide(now: MonotonicClock.now()) != nil else {
            condition.unlock()
            return
        }
        preparing = true
        condition.unlock()
        DispatchQueue.global().async { [self] in
            var next: Result<any MotionSource, CaptureError>
            do throws(CaptureError) {
                next = .success(try makeSource())
            } catch {
                next = .failure(error)
            }
            condition.lock()
            // Between two pipelines the capture thread is installing the source this one takes over from.
            while source == nil && !stopping && !finished { condition.wait() }
            let running = source
            let interval = plan.running
            // The running pipeline's end is now a restart, not the end of the capture.
            if !stopping && !finished { restartWanted = true }
            condition.unlock()
            if case .success(let source) = next, let running {
                running.finishCapture()
                do throws(CaptureError) {
                    try source.start(pipelineSettings(for: interval).captureConfiguration)
                } catch {
                    source.stop()
                    next = .failure(error)
                }
            }
            condition.lock()
            preparing = false
            guard !stopping, !finished else {
                condition.unlock()
                if case .success(let source) = next { source.stop() }
                return
            }
            prepared = next
            preparedInterval = interval
            condition.broadcast()
            let control = self.control
            condition.unlock()
            // A failure ends the capture now; a started source waits until the running one has drained.
            if case .failure = next { control?.cancel() }
        }
    }

    /// How the pipeline runs the sensors for `interval`: read at most every `shortestReadInterval`, sampled for
    /// `interval` when that is shorter.
    private func pipelineSettings(for interval: Double) -> PipelineSettings {
        let read = max(interval, shortestReadInterval)
        return PipelineSettings(
            captureInterval: read, samplingInterval: interval < read ? interval : nil, readings: readings, log: log)
    }

    private func run() {
        var processor = SharingProcessor(filter: AttitudeFilter(settings: filterSettings), raw: raw, gaps: gaps)
        let health = HealthReadings(
            counter: counter, steps: steps, heartRate: heartRate, beats: beats,
            altitude: hasBarometer ? altitude : nil)
        var failure: CaptureError?
        var consumer = motion
        // The interval the next source was started for ahead of its pipeline; nil: the pipeline starts it.
        var startedAhead: Double?
        while true {
            condition.lock()
            guard !stopping, let source else {
                condition.unlock()
                break
            }
            let control = PipelineControl()
            self.control = control
            let interval = startedAhead ?? plan.running
            condition.unlock()

            let marked = BatchMarkingSource(source, startedAhead: startedAhead != nil) { [self] in
                condition.withLock { batchObservers }
            }
            let input = SourceInput(source: marked, correction: correction)
            input.onReading = { health.take($0) }
            var pipeline = Pipeline(
                input: input, processor: processor, settings: pipelineSettings(for: interval), control: control)
            do {
                defer { marked.finishBatch() }
                _ = try pipeline.run(into: &consumer)
            } catch let error as CaptureError {
                failure = error
                break
            } catch {
                failure = CaptureError(.internalError, "the capture failed: \(error)")
                break
            }
            processor = pipeline.processor

            condition.lock()
            // A restart under way: its source is being started while this one drained.
            while restartWanted && prepared == nil && !stopping { condition.wait() }
            let restart = restartWanted && !stopping
            restartWanted = false
            self.source = nil
            let next = prepared
            prepared = nil
            startedAhead = preparedInterval
            let again = replanPending
            replanPending = false
            condition.unlock()
            guard restart, let next else {
                if case .success(let unused) = next { unused.stop() }
                break
            }
            switch next {
            case .success(let source):
                processor.sensorsRestarted()
                health.sensorsRestarted()
                condition.withLock {
                    self.source = source
                    loss.restarts += 1
                    condition.broadcast()
                }
            case .failure(let error):
                failure = error
            }
            if failure != nil { break }
            if again { replan() }
        }
        condition.lock()
        self.source = nil
        self.control = nil
        let unused = prepared
        prepared = nil
        finished = true
        ending = failure
        let handlers = endHandlers
        endHandlers = []
        condition.broadcast()
        condition.unlock()
        if case .success(let source) = unused { source.stop() }
        motion.end(with: failure)
        gaps.end(with: failure)
        raw.end(with: failure)
        steps.end(with: failure)
        heartRate.end(with: failure)
        beats.end(with: failure)
        altitude.end(with: failure)
        for handler in handlers { handler(failure) }
    }
}
