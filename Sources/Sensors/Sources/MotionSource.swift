/// A producer of timestamped accelerometer, gyroscope and magnetometer readings (and, when asked, a hardware step
/// counter's and a pulse sensor's): IIO hardware (buffered or polled, local or over the network), the built-in
/// simulated IMU with its simulated pulse, or a recording.
///
/// Life cycle: `start(_:)` once, then `read()` from one thread until it returns nil, then `stop()`. `cancel()` may be
/// called from any thread at any time (a signal handler's thread, a `MotionManager` client) and makes a blocked
/// `read()` return nil promptly. `stop()` releases the device and restores every sysfs value `start` changed; it is
/// idempotent and must be called on every exit path.
public protocol MotionSource: AnyObject, Sendable {
    /// What the source can deliver; valid before `start`.
    var info: MotionSourceInfo { get }

    /// Starts producing readings for updates every `configuration.updateInterval` seconds.
    func start(_ configuration: CaptureConfiguration) throws(CaptureError)

    /// The next readings, each kind in time order; blocks until some arrive. Nil when the source ended (end of a
    /// recording, `cancel()`); throws when the device failed or vanished.
    func read() throws(CaptureError) -> [SensorReading]?

    /// Makes `read()` return nil as soon as possible. Thread-safe, idempotent.
    func cancel()

    /// Stops capture, releases the device and restores what `start` changed. Idempotent.
    func stop()

    /// Stops the sensors (each device released and restored) while `read()` still delivers what they captured
    /// before, then nil: a restart for a new interval loses none of what was read. Returns once the devices are
    /// free. A source that holds nothing back stops (the default).
    func finishCapture()

    /// What went missing so far (overruns, drops).
    var statistics: CaptureStatistics { get }
}

extension MotionSource {
    public func finishCapture() { stop() }
}

/// How a capture should run.
public struct CaptureConfiguration: Sendable {
    /// The update interval the consumer wants, s: the source samples at least this fast and delivers with at most
    /// about this latency.
    public var updateInterval: Double
    /// The interval the source samples for, s, when it must sample faster than it delivers (default: nil, the
    /// update interval): the sampling frequency is picked for this interval, the readings still come in batches
    /// every `updateInterval`. A service whose fastest client wants every sample at 1.6 kHz delivers them a few
    /// per wake-up instead of one.
    public var samplingInterval: Double?
    /// Where diagnostics go (the CLI's stderr): chosen sampling frequency, polling fallback, achievable rate.
    public var log: @Sendable (CaptureNote) -> Void
    /// The kinds of reading wanted; a source captures only the sensors that give them, so that a stream of device
    /// motion does not open the pulse sensor, nor a heart-rate reading the IMU; a step counter (`stepCount`,
    /// `activity`) is enabled for the capture and restored after it, a barometer (`pressure`) set to its capture
    /// rate and oversampling and restored after it. Default: the motion sensors'.
    public var readings: Set<SensorReading.Kind>

    public init(
        updateInterval: Double, samplingInterval: Double? = nil,
        readings: Set<SensorReading.Kind> = SensorReading.Kind.motion,
        log: @escaping @Sendable (CaptureNote) -> Void = { _ in }
    ) {
        self.updateInterval = updateInterval
        self.samplingInterval = samplingInterval
        self.readings = readings
        self.log = log
    }

    /// The interval the sampling frequency is picked for, s: `samplingInterval` when shorter than the update
    /// interval, else the update interval.
    public var effectiveSamplingInterval: Double {
        guard let samplingInterval, samplingInterval < updateInterval else { return updateInterval }
        return samplingInterval
    }
}

/// What a source can deliver.
public struct MotionSourceInfo: Sendable, Equatable {
    /// A short description for diagnostics, e.g. `sim (seed 1)` or `iio local: accel_3d + gyro_3d`.
    public var name: String
    /// An accelerometer is present.
    public var hasAccelerometer: Bool
    /// A gyroscope is present.
    public var hasGyroscope: Bool
    /// A magnetometer is present.
    public var hasMagnetometer: Bool
    /// The gyroscope's (or, without one, the accelerometer's) highest sampling frequency, Hz, when known: the
    /// shortest useful update interval is its inverse.
    public var maximumSampleRate: Double?
    /// A hardware step counter is present (delivered as `stepCount` readings when asked for).
    public var hasStepCounter: Bool
    /// A pulse (PPG) sensor is present: `.ppg` readings when asked for, and heart rate from them.
    public var hasPPG: Bool
    /// A barometer is present: `.pressure` readings when asked for, and altitude and flights climbed from them.
    public var hasBarometer: Bool

    public init(
        name: String, hasAccelerometer: Bool, hasGyroscope: Bool, hasMagnetometer: Bool, maximumSampleRate: Double?,
        hasStepCounter: Bool = false, hasPPG: Bool = false, hasBarometer: Bool = false
    ) {
        self.name = name
        self.hasAccelerometer = hasAccelerometer
        self.hasGyroscope = hasGyroscope
        self.hasMagnetometer = hasMagnetometer
        self.maximumSampleRate = maximumSampleRate
        self.hasStepCounter = hasStepCounter
        self.hasPPG = hasPPG
        self.hasBarometer = hasBarometer
    }

    /// Device motion needs an accelerometer and a gyroscope.
    public var hasDeviceMotion: Bool { hasAccelerometer && hasGyroscope }
    /// Steps can be counted: by the hardware counter, or in software from the accelerometer.
    public var hasStepCounting: Bool { hasStepCounter || hasAccelerometer }
}
