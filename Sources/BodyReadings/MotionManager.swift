import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Starts and stops device-motion and raw sensor updates, shaped like CoreMotion's `CMMotionManager`.
///
/// ```swift
/// let manager = MotionManager()                     // IIO sensors of this machine
/// manager.deviceMotionUpdateInterval = 0.02
/// for await motion in manager.deviceMotionUpdates() {
///     print(motion.gravity)
/// }
/// ```
///
/// One capture runs while any update (device motion, accelerometer, gyroscope, magnetometer, push or pull) is
/// active; it samples fast enough for the shortest update interval set when it starts. Handlers run on the given
/// dispatch queue, or on the capture thread when none is given (keep them short there). Stopping the last active
/// update cancels the capture, waits for it to end and restores the device's sysfs settings before returning (unless
/// called from a handler running on the capture thread, where it returns at once and the capture ends right after).
///
/// Calibration: by default each capture applies the stored calibration of the sensors it reads (the files
/// `bodyreadings calibrate` writes), says which file on `calibrationLog` (stderr by default) and reports stored files
/// it cannot use there too, then continues uncalibrated for that sensor. `MotionManager(calibration: .file(path))`
/// names a file, `.disabled` gives raw readings; `calibration` tells what the last capture applied.
///
/// Thread-safe: every property and method may be used from any thread or task.
public final class MotionManager: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`.

    /// Creates the source a capture reads; called again for every new capture.
    public typealias SourceFactory = @Sendable () throws(CaptureError) -> any MotionSource
    /// Receives device-motion updates, or the error that ended them (then `motion` is nil).
    public typealias DeviceMotionHandler = @Sendable (_ motion: DeviceMotion?, _ error: CaptureError?) -> Void
    /// Receives accelerometer readings, or the error that ended them.
    public typealias AccelerometerHandler = @Sendable (_ data: AccelerometerData?, _ error: CaptureError?) -> Void
    /// Receives gyroscope readings, or the error that ended them.
    public typealias GyroHandler = @Sendable (_ data: GyroData?, _ error: CaptureError?) -> Void
    /// Receives magnetometer readings, or the error that ended them.
    public typealias MagnetometerHandler = @Sendable (_ data: MagnetometerData?, _ error: CaptureError?) -> Void

    private let lock = ThreadLock()
    private let makeSource: SourceFactory
    private let calibrationPolicy: CalibrationPolicy
    private let calibrationLog: (@Sendable (String) -> Void)?
    private var resolvedCalibration: SensorCalibration.Resolution?
    private var loggedCalibration: [String] = []
    private let filterSettings: AttitudeFilter.Settings

    private var idleSource: (any MotionSource)?
    private var cachedInfo: MotionSourceInfo?
    private var engine: Engine?

    private var deviceMotionPull = false
    private var deviceMotionHandler: Delivery<DeviceMotion>?
    private var deviceMotionStreams: [UInt64: AsyncStream<DeviceMotion>.Continuation] = [:]
    private var nextStreamID: UInt64 = 0
    private var accelerometerPull = false
    private var accelerometerHandler: Delivery<AccelerometerData>?
    private var gyroPull = false
    private var gyroHandler: Delivery<GyroData>?
    private var magnetometerPull = false
    private var magnetometerHandler: Delivery<MagnetometerData>?

    private var latestDeviceMotion: DeviceMotion?
    private var latestAccelerometer: AccelerometerData?
    private var latestGyro: GyroData?
    private var latestMagnetometer: MagnetometerData?
    private var schedule = Schedule()
    private var failure: CaptureError?

    private var intervals = Intervals()

    /// A manager over sources made by `sourceFactory` (tests, custom sources). `calibration` says which calibration
    /// is applied to every reading (default: each sensor's stored one); `calibrationLog` receives the lines naming
    /// the files applied and those that could not be used (default: stderr; nil: silent); `filterSettings`
    /// configure the attitude filter.
    public init(
        calibration: CalibrationPolicy = .stored,
        calibrationLog: (@Sendable (String) -> Void)? = MotionManager.standardErrorLog,
        filterSettings: AttitudeFilter.Settings = AttitudeFilter.Settings(),
        sourceFactory: @escaping SourceFactory
    ) {
        self.makeSource = sourceFactory
        self.calibrationPolicy = calibration
        self.calibrationLog = calibrationLog
        self.filterSettings = filterSettings
    }

    /// A manager over the source `specification` names (default: the IIO sensors of the local machine).
    public convenience init(
        source specification: MotionSourceSpecification = .iio(uri: nil),
        calibration: CalibrationPolicy = .stored,
        calibrationLog: (@Sendable (String) -> Void)? = MotionManager.standardErrorLog,
        filterSettings: AttitudeFilter.Settings = AttitudeFilter.Settings()
    ) {
        if case .iio(let uri) = specification, uri?.hasPrefix("ip:") == true {
            // libiio writes to iiod's socket without MSG_NOSIGNAL: a server going away must surface as an error,
            // not kill the process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
        }
        self.init(calibration: calibration, calibrationLog: calibrationLog, filterSettings: filterSettings) {
            () throws(CaptureError) in
            try specification.makeSource()
        }
    }

    deinit {
        engine?.cancel()
        idleSource?.stop()
    }

    // MARK: Availability

    /// True when the source has an accelerometer. The first availability query opens the source (discovery).
    public var isAccelerometerAvailable: Bool { info?.hasAccelerometer ?? false }
    /// True when the source has a gyroscope.
    public var isGyroAvailable: Bool { info?.hasGyroscope ?? false }
    /// True when the source has a magnetometer.
    public var isMagnetometerAvailable: Bool { info?.hasMagnetometer ?? false }
    /// True when device motion can be fused: an accelerometer and a gyroscope.
    public var isDeviceMotionAvailable: Bool { info?.hasDeviceMotion ?? false }

    /// What the source delivers, or nil when it cannot be opened (see `lastError`).
    public var info: MotionSourceInfo? {
        lock.lock()
        defer { lock.unlock() }
        if let cachedInfo { return cachedInfo }
        do {
            let source = try makeSource()
            idleSource = source
            cachedInfo = source.info
            return cachedInfo
        } catch {
            failure = error
            return nil
        }
    }

    /// The error that ended the last capture or failed the last availability query, if any.
    public var lastError: CaptureError? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// What the current (or last) capture lost: overruns, drops.
    public var statistics: CaptureStatistics {
        lock.lock()
        defer { lock.unlock() }
        return engine?.statistics ?? lastStatistics
    }
    private var lastStatistics = CaptureStatistics()

    /// The calibration the current (or last) capture applies, with the files it came from (`calibration.files`)
    /// and the stored files that could not be used (`problems`); nil before the first capture and with
    /// `.disabled` or `.custom`.
    public var calibration: SensorCalibration.Resolution? { withLock { resolvedCalibration } }

    // MARK: Intervals

    /// Seconds between device-motion updates; default 0.1. Takes effect for the next capture's sampling rate and at
    /// once for how often updates are delivered.
    public var deviceMotionUpdateInterval: Double {
        get { withLock { intervals.deviceMotion } }
        set { withLock { intervals.deviceMotion = Self.sanitized(newValue) } }
    }
    /// Seconds between accelerometer updates; default 0.1.
    public var accelerometerUpdateInterval: Double {
        get { withLock { intervals.accelerometer } }
        set { withLock { intervals.accelerometer = Self.sanitized(newValue) } }
    }
    /// Seconds between gyroscope updates; default 0.1.
    public var gyroUpdateInterval: Double {
        get { withLock { intervals.gyro } }
        set { withLock { intervals.gyro = Self.sanitized(newValue) } }
    }
    /// Seconds between magnetometer updates; default 0.1.
    public var magnetometerUpdateInterval: Double {
        get { withLock { intervals.magnetometer } }
        set { withLock { intervals.magnetometer = Self.sanitized(newValue) } }
    }

    private static func sanitized(_ interval: Double) -> Double {
        interval.isFinite && interval > 0 ? max(interval, 0.0005) : 0.1
    }

    // MARK: Device motion

    /// True while device-motion updates run.
    public var isDeviceMotionActive: Bool {
        withLock { deviceMotionPull || deviceMotionHandler != nil || !deviceMotionStreams.isEmpty }
    }

    /// The latest device-motion update (pull mode after `startDeviceMotionUpdates()`), or nil before the first.
    public var deviceMotion: DeviceMotion? { withLock { latestDeviceMotion } }

    /// Starts device-motion updates without a handler: read `deviceMotion` when you need it.
    public func startDeviceMotionUpdates() throws(CaptureError) {
        try start { $0.deviceMotionPull = true }
    }

    /// Starts device-motion updates delivered to `handler` every `deviceMotionUpdateInterval`, on `queue` or, when
    /// nil, on the capture thread. When the capture fails, `handler` gets the error once and updates stop.
    public func startDeviceMotionUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping DeviceMotionHandler
    ) throws(CaptureError) {
        try start { $0.deviceMotionHandler = Delivery(queue: queue, handler: handler) }
    }

    /// Device-motion updates as an async sequence, every `deviceMotionUpdateInterval`. The sequence ends when the
    /// capture fails (see `lastError`), when `stopDeviceMotionUpdates()` is called, or when it cannot start; ending
    /// the iteration stops the capture once nothing else uses it. Keeps the newest 64 updates when the consumer
    /// falls behind.
    public func deviceMotionUpdates() -> AsyncStream<DeviceMotion> {
        let (stream, continuation) = AsyncStream<DeviceMotion>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id: UInt64 = withLock {
            nextStreamID += 1
            return nextStreamID
        }
        continuation.onTermination = { [weak self] _ in
            self?.removeStream(id)
        }
        do {
            try start { $0.deviceMotionStreams[id] = continuation }
        } catch {
            continuation.finish()
        }
        return stream
    }

    /// Stops device-motion updates (handler, pull mode and every async sequence).
    public func stopDeviceMotionUpdates() {
        stop {
            $0.deviceMotionPull = false
            $0.deviceMotionHandler = nil
            let streams = $0.deviceMotionStreams
            $0.deviceMotionStreams = [:]
            return { streams.values.forEach { $0.finish() } }
        }
    }

    private func removeStream(_ id: UInt64) {
        stop {
            $0.deviceMotionStreams[id] = nil
            return {}
        }
    }

    // MARK: Raw sensors

    /// True while accelerometer updates run.
    public var isAccelerometerActive: Bool { withLock { accelerometerPull || accelerometerHandler != nil } }
    /// The latest accelerometer reading (pull mode), or nil.
    public var accelerometerData: AccelerometerData? { withLock { latestAccelerometer } }
    /// Starts accelerometer updates in pull mode.
    public func startAccelerometerUpdates() throws(CaptureError) { try start { $0.accelerometerPull = true } }
    /// Starts accelerometer updates delivered to `handler` every `accelerometerUpdateInterval`.
    public func startAccelerometerUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping AccelerometerHandler
    ) throws(CaptureError) {
        try start { $0.accelerometerHandler = Delivery(queue: queue, handler: handler) }
    }
    /// Stops accelerometer updates.
    public func stopAccelerometerUpdates() {
        stop {
            $0.accelerometerPull = false
            $0.accelerometerHandler = nil
            return {}
        }
    }

    /// True while gyroscope updates run.
    public var isGyroActive: Bool { withLock { gyroPull || gyroHandler != nil } }
    /// The latest gyroscope reading (pull mode), or nil.
    public var gyroData: GyroData? { withLock { latestGyro } }
    /// Starts gyroscope updates in pull mode.
    public func startGyroUpdates() throws(CaptureError) { try start { $0.gyroPull = true } }
    /// Starts gyroscope updates delivered to `handler` every `gyroUpdateInterval`.
    public func startGyroUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping GyroHandler
    ) throws(CaptureError) {
        try start { $0.gyroHandler = Delivery(queue: queue, handler: handler) }
    }
    /// Stops gyroscope updates.
    public func stopGyroUpdates() {
        stop {
            $0.gyroPull = false
            $0.gyroHandler = nil
            return {}
        }
    }

    /// True while magnetometer updates run.
    public var isMagnetometerActive: Bool { withLock { magnetometerPull || magnetometerHandler != nil } }
    /// The latest magnetometer reading (pull mode), or nil.
    public var magnetometerData: MagnetometerData? { withLock { latestMagnetometer } }
    /// Starts magnetometer updates in pull mode.
    public func startMagnetometerUpdates() throws(CaptureError) { try start { $0.magnetometerPull = true } }
    /// Starts magnetometer updates delivered to `handler` every `magnetometerUpdateInterval`.
    public func startMagnetometerUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping MagnetometerHandler
    ) throws(CaptureError) {
        try start { $0.magnetometerHandler = Delivery(queue: queue, handler: handler) }
    }
    /// Stops magnetometer updates.
    public func stopMagnetometerUpdates() {
        stop {
            $0.magnetometerPull = false
            $0.magnetometerHandler = nil
            return {}
        }
    }

    // MARK: Capture life cycle

    private var anyActive: Bool {
        deviceMotionPull || deviceMotionHandler != nil || !deviceMotionStreams.isEmpty || accelerometerPull
            || accelerometerHandler != nil || gyroPull || gyroHandler != nil || magnetometerPull
            || magnetometerHandler != nil
    }

    private var wantsDeviceMotion: Bool {
        deviceMotionPull || deviceMotionHandler != nil || !deviceMotionStreams.isEmpty
    }

    /// Registers a consumer (under the lock) and starts the capture when none runs.
    private func start(_ register: (MotionManager) -> Void) throws(CaptureError) {
        lock.lock()
        register(self)
        if engine != nil {
            lock.unlock()
            return
        }
        let source: any MotionSource
        if let idleSource {
            source = idleSource
            self.idleSource = nil
        } else {
            do {
                source = try makeSource()
            } catch {
                failure = error
                let streams = clearConsumers()
                lock.unlock()
                streams.forEach { $0.finish() }
                throw error
            }
        }
        cachedInfo = source.info
        let correction: ReadingCorrection?
        let log: [String]
        do {
            (correction, log) = try resolveCalibration(for: source)
        } catch {
            failure = error
            let streams = clearConsumers()
            idleSource = source
            lock.unlock()
            streams.forEach { $0.finish() }
            throw error
        }
        failure = nil
        schedule = Schedule()
        let engine = Engine(
            source: source, correction: correction, filterSettings: filterSettings,
            updateInterval: intervals.shortest)
        self.engine = engine
        lock.unlock()
        if let calibrationLog { log.forEach(calibrationLog) }
        engine.run(manager: self)
    }

    /// The correction for a capture of `source` under the policy (under the lock), and the lines to log (once the
    /// lock is released) when what is applied changed since the last capture. Throws when an explicitly named file
    /// cannot be used.
    private func resolveCalibration(
        for source: any MotionSource
    ) throws(CaptureError) -> (correction: ReadingCorrection?, log: [String]) {
        let resolution: SensorCalibration.Resolution
        switch calibrationPolicy {
        case .disabled:
            resolvedCalibration = nil
            return (nil, [])
        case .custom(let correction):
            resolvedCalibration = nil
            return (correction, [])
        case .file(let path):
            resolution = SensorCalibration.resolve(
                for: source, explicitPath: path, store: CalibrationStore(userDirectory: "", systemDirectory: ""))
            if let problem = resolution.problems.first {
                let kind: CaptureError.Kind =
                    problem.isContentError ? .malformedInput : problem.isPermissionError ? .permissionDenied : .io
                throw CaptureError(kind, problem.description)
            }
        case .stored, .store:
            guard let store = calibrationPolicy.store else { return (nil, []) }
            resolution = SensorCalibration.resolve(for: source, explicitPath: nil, store: store)
        }
        resolvedCalibration = resolution
        var lines = resolution.notes.map { "note: \($0)" } + resolution.problems.map { "error: \($0.description)" }
        if !resolution.problems.isEmpty {
            lines.append("warning: continuing without the calibration of the file(s) above: the data are uncalibrated")
        }
        if !resolution.calibration.isEmpty {
            lines.append("calibration: " + resolution.calibration.descriptions.joined(separator: "; "))
        }
        let changed = lines != loggedCalibration
        loggedCalibration = lines
        return (resolution.calibration.isEmpty ? nil : resolution.calibration.readingCorrection, changed ? lines : [])
    }

    /// Unregisters consumers (under the lock); when none is left, cancels the capture and waits for it to end.
    private func stop(_ unregister: (MotionManager) -> () -> Void) {
        lock.lock()
        let afterwards = unregister(self)
        var ending: Engine?
        if !anyActive, let engine {
            ending = engine
            lastStatistics = engine.statistics
            self.engine = nil
        }
        lock.unlock()
        afterwards()
        if let ending {
            ending.cancel()
            ending.waitUntilStopped()
        }
    }

    /// Forgets every consumer (under the lock) and returns the async sequences to finish once the lock is released:
    /// finishing one runs its termination handler, which takes the lock.
    private func clearConsumers() -> [AsyncStream<DeviceMotion>.Continuation] {
        deviceMotionPull = false
        deviceMotionHandler = nil
        let streams = Array(deviceMotionStreams.values)
        deviceMotionStreams = [:]
        accelerometerPull = false
        accelerometerHandler = nil
        gyroPull = false
        gyroHandler = nil
        magnetometerPull = false
        magnetometerHandler = nil
        return streams
    }

    // MARK: Delivery (capture thread)

    fileprivate var wantsFusion: Bool { withLock { wantsDeviceMotion } }

    fileprivate func deliver(_ reading: SensorReading) {
        lock.lock()
        var call: (() -> Void)?
        switch reading.kind {
        case .accelerometer:
            let data = AccelerometerData(timestamp: reading.t, acceleration: reading.value)
            latestAccelerometer = data
            if let handler = accelerometerHandler,
                schedule.accelerometer.isDue(reading.t, interval: intervals.accelerometer)
            {
                call = { handler.send(data) }
            }
        case .gyroscope:
            let data = GyroData(timestamp: reading.t, rotationRate: reading.value)
            latestGyro = data
            if let handler = gyroHandler, schedule.gyro.isDue(reading.t, interval: intervals.gyro) {
                call = { handler.send(data) }
            }
        case .magnetometer:
            let data = MagnetometerData(timestamp: reading.t, magneticField: reading.value)
            latestMagnetometer = data
            if let handler = magnetometerHandler,
                schedule.magnetometer.isDue(reading.t, interval: intervals.magnetometer)
            {
                call = { handler.send(data) }
            }
        }
        lock.unlock()
        call?()
    }

    fileprivate func deliver(_ motion: DeviceMotion) {
        lock.lock()
        latestDeviceMotion = motion
        guard schedule.deviceMotion.isDue(motion.timestamp, interval: intervals.deviceMotion) else {
            lock.unlock()
            return
        }
        let handler = deviceMotionHandler
        let streams = Array(deviceMotionStreams.values)
        lock.unlock()
        handler?.send(motion)
        for stream in streams { stream.yield(motion) }
    }

    /// The capture ended by itself (end of a recording, a failure): tell every consumer and forget the engine.
    fileprivate func captureEnded(_ engine: Engine, error: CaptureError?) {
        lock.lock()
        guard self.engine === engine else {
            lock.unlock()
            return
        }
        self.engine = nil
        lastStatistics = engine.statistics
        if let error { failure = error }
        let motionHandler = deviceMotionHandler
        let handlers = (accelerometerHandler, gyroHandler, magnetometerHandler)
        let streams = clearConsumers()
        lock.unlock()
        streams.forEach { $0.finish() }
        if let error {
            motionHandler?.fail(error)
            handlers.0?.fail(error)
            handlers.1?.fail(error)
            handlers.2?.fail(error)
        }
    }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// The update intervals, s.
private struct Intervals {
    var deviceMotion = 0.1
    var accelerometer = 0.1
    var gyro = 0.1
    var magnetometer = 0.1
    var shortest: Double { min(deviceMotion, accelerometer, gyro, magnetometer) }
}

/// When each kind of update is next due.
private struct Schedule {
    var deviceMotion = Decimator()
    var accelerometer = Decimator()
    var gyro = Decimator()
    var magnetometer = Decimator()
}

/// Passes one sample per interval on a fixed grid (t₀ + k·interval), so that the delivered rate does not drift when
/// the sampling period does not divide the interval.
private struct Decimator {
    private var next: Double?

    mutating func isDue(_ t: Double, interval: Double) -> Bool {
        // Half a microsecond of slack absorbs rounding in timestamps that sit exactly on the grid.
        if let next, t < next - 5e-7 { return false }
        var due = (next ?? t) + interval
        if due <= t { due = t + interval }
        next = due
        return true
    }
}

/// A handler and the queue it runs on.
private struct Delivery<Value: Sendable>: Sendable {
    let queue: DispatchQueue?
    let handler: @Sendable (Value?, CaptureError?) -> Void

    func send(_ value: Value) {
        if let queue {
            queue.async { handler(value, nil) }
        } else {
            handler(value, nil)
        }
    }

    func fail(_ error: CaptureError) {
        if let queue {
            queue.async { handler(nil, error) }
        } else {
            handler(nil, error)
        }
    }
}

/// One capture: a dedicated thread that starts the source, reads, fuses and delivers until cancelled or ended, then
/// stops the source (restoring the device) and signals.
private final class Engine: @unchecked Sendable {
    // @unchecked: `statisticsSnapshot` is guarded by `lock`; the rest is immutable or confined to the thread.
    let source: any MotionSource
    let correction: ReadingCorrection?
    let filterSettings: AttitudeFilter.Settings
    let updateInterval: Double
    private let stopped = DispatchSemaphore(value: 0)
    private let lock = ThreadLock()
    private var statisticsSnapshot = CaptureStatistics()
    private var thread: CaptureThread?

    init(source: any MotionSource, correction: ReadingCorrection?, filterSettings: AttitudeFilter.Settings, updateInterval: Double) {
        self.source = source
        self.correction = correction
        self.filterSettings = filterSettings
        self.updateInterval = updateInterval
    }

    var statistics: CaptureStatistics {
        lock.lock()
        defer { lock.unlock() }
        return statisticsSnapshot
    }

    func run(manager: MotionManager) {
        // Assigned under the lock because the thread may already ask `waitUntilStopped()` (from a handler).
        lock.lock()
        defer { lock.unlock() }
        thread = CaptureThread.start(name: "br capture") { [weak manager, self] in
            self.loop(manager: manager)
        }
    }

    func cancel() {
        source.cancel()
    }

    /// Waits for the capture thread to have stopped the source, unless called from that very thread.
    func waitUntilStopped() {
        lock.lock()
        let thread = self.thread
        lock.unlock()
        if let thread, thread.isCurrent { return }
        stopped.wait()
        stopped.signal()
    }

    private func loop(manager: MotionManager?) {
        var failure: CaptureError?
        let stream = MotionSampleStream(source: source, correction: correction)
        do {
            try source.start(CaptureConfiguration(updateInterval: updateInterval))
            stream.onReading = { [weak manager] reading in manager?.deliver(reading) }
            var filter = AttitudeFilter(settings: filterSettings)
            var samples = 0
            while let sample = try stream.next() {
                guard let manager else { break }
                samples += 1
                if samples % 64 == 0 { record(stream.statistics) }
                // The filter runs on every sample, even when only raw updates are wanted, so that device motion
                // started later does not begin from an unconverged state.
                let estimate = filter.update(sample)
                if manager.wantsFusion {
                    manager.deliver(DeviceMotion(estimate: estimate, sample: sample))
                }
            }
        } catch {
            failure = error
        }
        record(stream.statistics)
        source.stop()
        manager?.captureEnded(self, error: failure)
        stopped.signal()
    }

    private func record(_ statistics: CaptureStatistics) {
        lock.lock()
        statisticsSnapshot = statistics
        lock.unlock()
    }
}
