import Dispatch
import Fusion
import Pedometry
import Pulse
import Sensors
import SystemSupport
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
/// One capture runs while any update (device motion, accelerometer, gyroscope, magnetometer, relative altitude, push
/// or pull) is active: a `Pipeline` on a thread of its own (source → calibration → `DeviceMotionFilter` → `UpdateFanOut`), the
/// same pipeline `bodyreadings stream` runs, so that device motion at an interval equals what `stream --interval`
/// prints. It samples fast enough for the shortest interval among the updates active when it starts; each kind of
/// update is delivered on the grid of its own interval (`UpdateDecimator`). Handlers run on the given dispatch
/// queue, or on the capture thread when none is given (keep them short there). Stopping the last active update
/// cancels the capture, waits for it to end and restores the device's sysfs settings before returning (unless
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

    let lock = ThreadLock()
    private let makeSource: SourceFactory
    let calibrationPolicy: CalibrationPolicy
    private let calibrationLog: (@Sendable (String) -> Void)?
    var resolvedCalibration: SensorCalibration.Resolution?
    var loggedCalibration: [String] = []
    private let filterSettings: AttitudeFilter.Settings

    private var idleSource: (any MotionSource)?
    private var cachedInfo: MotionSourceInfo?
    /// The source delivers pressure (`MotionSource.deliversPressure`), known with `cachedInfo`.
    private var cachedBarometer = false
    private var capture: MotionCapture?
    private var failure: CaptureError?
    private var lastStatistics = CaptureStatistics()

    let deviceMotionChannel = UpdateChannel<DeviceMotion>()
    let accelerometerChannel = UpdateChannel<AccelerometerData>()
    let gyroChannel = UpdateChannel<GyroData>()
    let magnetometerChannel = UpdateChannel<MagnetometerData>()
    /// Step updates (every one: interval 0; counted steps and the tentative ones pending), for `Pedometer`.
    let stepChannel = UpdateChannel<StepUpdate>(interval: 0)
    /// The heart rate at every `heartRateChannel.interval`, for `HeartRateMonitor`.
    let heartRateChannel = UpdateChannel<HeartRateSample>(interval: 1)
    /// Beats (every one), for `HeartRateMonitor`.
    let beatChannel = UpdateChannel<Beat>(interval: 0)
    /// The altitude at every pressure reading, for the relative-altitude updates.
    let altitudeChannel = UpdateChannel<AltitudeUpdate>(interval: 0)
    /// Where the handler's run of relative-altitude updates counts from.
    let altitudeBaseline = AltitudeBaseline()
    /// Which counter counts steps (set by `Pedometer`); applies from the next capture on.
    var stepCounterChoice = StepCounterChoice.automatic
    /// The step detector's settings (set by `Pedometer`).
    var stepSettings = StepDetector.Settings()

    /// A manager over sources made by `sourceFactory` (tests, custom sources). `calibration` says which calibration
    /// is applied to every reading (default: each sensor's stored one); `calibrationLog` receives the lines naming
    /// the files applied and those that could not be used, and the note that device motion comes from an
    /// accelerometer alone (default: stderr; nil: silent); `filterSettings`
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
        capture?.cancel()
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
            cachedBarometer = source.deliversPressure
            return cachedInfo
        } catch {
            failure = error
            return nil
        }
    }

    /// True when the source delivers pressure readings (opens it like `info`).
    var hasBarometer: Bool {
        guard info != nil else { return false }
        return withLock { cachedBarometer }
    }

    /// The error that ended the last capture or failed the last availability query, if any.
    public var lastError: CaptureError? { withLock { failure } }

    /// What the current (or last) capture lost: overruns, drops.
    public var statistics: CaptureStatistics { withLock { capture?.control.statistics ?? lastStatistics } }

    /// The calibration the current (or last) capture applies, with the files it came from (`calibration.files`)
    /// and the stored files that could not be used (`problems`); nil before the first capture and with
    /// `.disabled` or `.custom`.
    public var calibration: SensorCalibration.Resolution? { withLock { resolvedCalibration } }

    // MARK: Capture life cycle

    private var channelsActive: Bool {
        deviceMotionChannel.isActive || accelerometerChannel.isActive || gyroChannel.isActive
            || magnetometerChannel.isActive || stepChannel.isActive || heartRateChannel.isActive
            || beatChannel.isActive || altitudeChannel.isActive
    }

    /// What a capture of a source with `info` must ask for and count with, for the active updates: the motion
    /// sensors always (the filter runs on every sample, so that device motion started later is converged, and the
    /// step detector takes the accelerometer), a hardware step counter only while steps are wanted from it (it is
    /// switched on for the capture), the pulse sensor only while heart rate is wanted, the barometer (when the source
    /// has one, `barometer`) while the altitude or steps (their floors) are wanted. Nil when steps are wanted from a
    /// hardware counter the source does not have.
    private func plan(for info: MotionSourceInfo, barometer: Bool)
        -> (readings: Set<SensorReading.Kind>, counter: StepCounter)?
    {
        var readings: Set<SensorReading.Kind> =
            info.hasAccelerometer || info.hasGyroscope || info.hasMagnetometer ? SensorReading.Kind.motion : []
        var counter = StepCounter.software
        if stepChannel.isActive {
            guard let chosen = stepCounterChoice.resolve(hasHardware: info.hasStepCounter) else { return nil }
            counter = chosen
            readings.formUnion(chosen.readings)
        }
        if heartRateChannel.isActive || beatChannel.isActive { readings.insert(.ppg) }
        if barometer, altitudeChannel.isActive || stepChannel.isActive { readings.insert(.pressure) }
        return (readings, counter)
    }

    /// The interval the capture samples for: the shortest among the active updates.
    private var captureInterval: Double {
        let active = [
            (deviceMotionChannel.isActive, deviceMotionChannel.interval),
            (accelerometerChannel.isActive, accelerometerChannel.interval),
            (gyroChannel.isActive, gyroChannel.interval), (magnetometerChannel.isActive, magnetometerChannel.interval),
        ]
        return active.filter(\.0).map(\.1).min() ?? deviceMotionChannel.interval
    }

    /// Registers a consumer of `channel` (under the lock) and starts the capture when none runs.
    func start<Update>(
        _ channel: UpdateChannel<Update>, _ register: (UpdateChannel<Update>) -> Void
    ) throws(CaptureError) {
        lock.lock()
        register(channel)
        if let running = capture {
            if let info = cachedInfo, let plan = plan(for: info, barometer: cachedBarometer),
                running.readings.isSuperset(of: plan.readings),
                running.counter == plan.counter
            {
                lock.unlock()
                return
            }
            // The running capture lacks a reading now wanted (a step counter, the pulse sensor): start it over.
            // Consumers stay subscribed to the channels and carry on with the new capture's updates.
            capture = nil
            lock.unlock()
            running.cancel()
            running.waitUntilStopped()
            lock.lock()
            if capture != nil {
                lock.unlock()
                return
            }
        }
        let source: any MotionSource
        let correction: ReadingCorrection?
        let log: [String]
        do throws(CaptureError) {
            if let idleSource {
                source = idleSource
                self.idleSource = nil
            } else {
                source = try makeSource()
            }
            cachedInfo = source.info
            cachedBarometer = source.deliversPressure
            do {
                (correction, log) = try resolveCalibration(for: source)
            } catch {
                idleSource = source
                throw error
            }
        } catch {
            failure = error
            let endings = endConsumers()
            lock.unlock()
            endings.forEach { $0(nil) }
            throw error
        }
        guard let plan = plan(for: source.info, barometer: cachedBarometer) else {
            idleSource = source
            let error = CaptureError(
                .notFound, "\(source.info.name) has no hardware step counter (an IIO device with in_steps_input)")
            failure = error
            let endings = endConsumers()
            lock.unlock()
            endings.forEach { $0(nil) }
            throw error
        }
        failure = nil
        let capture = MotionCapture(readings: plan.readings, counter: plan.counter)
        let health = HealthReadings(
            counter: plan.counter, stepSettings: stepSettings, steps: nil, stepUpdates: stepChannel.fanOut,
            heartRate: heartRateChannel.fanOut, beats: beatChannel.fanOut,
            altitude: plan.readings.contains(.pressure) ? altitudeChannel.fanOut : nil)
        self.capture = capture
        let interval = captureInterval
        lock.unlock()
        if let calibrationLog {
            log.forEach(calibrationLog)
            if source.info.hasAccelerometer, !source.info.hasGyroscope {
                calibrationLog(source.info.accelerometerOnlyNote)
            }
        }
        capture.start(
            source: source, correction: correction, interval: interval, filterSettings: filterSettings,
            health: health, channels: (deviceMotionChannel, accelerometerChannel, gyroChannel, magnetometerChannel)
        ) { [weak self] capture, error in
            self?.captureEnded(capture, error: error)
        }
    }

    /// Unregisters consumers of `channel` (under the lock); when none is left, cancels the capture and waits for
    /// it to end.
    func stop<Update>(
        _ channel: UpdateChannel<Update>, _ unregister: (UpdateChannel<Update>) -> [@Sendable () -> Void]
    ) {
        lock.lock()
        let streams = unregister(channel)
        var ending: MotionCapture?
        if !channelsActive, let capture {
            ending = capture
            self.capture = nil
        }
        lock.unlock()
        streams.forEach { $0() }
        if let ending {
            ending.cancel()
            ending.waitUntilStopped()
            withLock { lastStatistics = ending.control.statistics }
        }
    }

    /// Forgets every consumer (under the lock); returns what tells them, to call once the lock is released.
    private func endConsumers() -> [@Sendable (CaptureError?) -> Void] {
        deviceMotionChannel.end() + accelerometerChannel.end() + gyroChannel.end() + magnetometerChannel.end()
            + stepChannel.end() + heartRateChannel.end() + beatChannel.end() + altitudeChannel.end()
    }

    /// The capture ended by itself (end of a recording, a failure): tell every consumer and forget the capture.
    private func captureEnded(_ capture: MotionCapture, error: CaptureError?) {
        lock.lock()
        guard self.capture === capture else {
            lock.unlock()
            return
        }
        self.capture = nil
        lastStatistics = capture.control.statistics
        if let error { failure = error }
        let endings = endConsumers()
        lock.unlock()
        endings.forEach { $0(error) }
    }

    func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
