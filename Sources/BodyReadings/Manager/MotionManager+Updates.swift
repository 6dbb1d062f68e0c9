import Dispatch
import Sensors

// The CoreMotion-shaped update API: each kind forwards to its `UpdateChannel`.
extension MotionManager {
    // MARK: Device motion

    /// Seconds between device-motion updates; default 0.1. Takes effect for the next capture's sampling rate and at
    /// once for how often updates are delivered.
    public var deviceMotionUpdateInterval: Double {
        get { withLock { deviceMotionChannel.interval } }
        set { withLock { deviceMotionChannel.interval = Self.sanitized(newValue) } }
    }

    /// True while device-motion updates run.
    public var isDeviceMotionActive: Bool { withLock { deviceMotionChannel.isActive } }

    /// The latest device-motion update (pull mode after `startDeviceMotionUpdates()`), or nil before the first.
    public var deviceMotion: DeviceMotion? { deviceMotionChannel.fanOut.latest }

    /// Starts device-motion updates without a handler: read `deviceMotion` when you need it.
    public func startDeviceMotionUpdates() throws(CaptureError) {
        try start(deviceMotionChannel) { $0.pull = true }
    }

    /// Starts device-motion updates delivered to `handler` every `deviceMotionUpdateInterval`, on `queue` or, when
    /// nil, on the capture thread. When the capture fails, `handler` gets the error once and updates stop.
    public func startDeviceMotionUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping DeviceMotionHandler
    ) throws(CaptureError) {
        try start(deviceMotionChannel) { $0.setHandler(queue: queue, handler: handler) }
    }

    /// Device-motion updates as an async sequence, every `deviceMotionUpdateInterval`. The sequence ends when the
    /// capture fails (see `lastError`), when `stopDeviceMotionUpdates()` is called, or when it cannot start; ending
    /// the iteration stops the capture once nothing else uses it. `bufferingPolicy` says what is kept when the
    /// consumer falls behind: by default the newest 64 updates (`.unbounded` keeps every one).
    public func deviceMotionUpdates(
        bufferingPolicy: AsyncStream<DeviceMotion>.Continuation.BufferingPolicy = .bufferingNewest(64)
    ) -> AsyncStream<DeviceMotion> {
        stream(of: deviceMotionChannel, bufferingPolicy: bufferingPolicy)
    }

    /// Stops device-motion updates (handler, pull mode and every async sequence).
    public func stopDeviceMotionUpdates() { stop(deviceMotionChannel) { $0.stop() } }

    // MARK: Accelerometer

    /// Seconds between accelerometer updates; default 0.1.
    public var accelerometerUpdateInterval: Double {
        get { withLock { accelerometerChannel.interval } }
        set { withLock { accelerometerChannel.interval = Self.sanitized(newValue) } }
    }
    /// True while accelerometer updates run.
    public var isAccelerometerActive: Bool { withLock { accelerometerChannel.isActive } }
    /// The latest accelerometer reading (pull mode), or nil.
    public var accelerometerData: AccelerometerData? { accelerometerChannel.fanOut.latest }
    /// Starts accelerometer updates in pull mode.
    public func startAccelerometerUpdates() throws(CaptureError) { try start(accelerometerChannel) { $0.pull = true } }
    /// Starts accelerometer updates delivered to `handler` every `accelerometerUpdateInterval`.
    public func startAccelerometerUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping AccelerometerHandler
    ) throws(CaptureError) {
        try start(accelerometerChannel) { $0.setHandler(queue: queue, handler: handler) }
    }
    /// Stops accelerometer updates.
    public func stopAccelerometerUpdates() { stop(accelerometerChannel) { $0.stop() } }

    // MARK: Gyroscope

    /// Seconds between gyroscope updates; default 0.1.
    public var gyroUpdateInterval: Double {
        get { withLock { gyroChannel.interval } }
        set { withLock { gyroChannel.interval = Self.sanitized(newValue) } }
    }
    /// True while gyroscope updates run.
    public var isGyroActive: Bool { withLock { gyroChannel.isActive } }
    /// The latest gyroscope reading (pull mode), or nil.
    public var gyroData: GyroData? { gyroChannel.fanOut.latest }
    /// Starts gyroscope updates in pull mode.
    public func startGyroUpdates() throws(CaptureError) { try start(gyroChannel) { $0.pull = true } }
    /// Starts gyroscope updates delivered to `handler` every `gyroUpdateInterval`.
    public func startGyroUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping GyroHandler
    ) throws(CaptureError) {
        try start(gyroChannel) { $0.setHandler(queue: queue, handler: handler) }
    }
    /// Stops gyroscope updates.
    public func stopGyroUpdates() { stop(gyroChannel) { $0.stop() } }

    // MARK: Magnetometer

    /// Seconds between magnetometer updates; default 0.1.
    public var magnetometerUpdateInterval: Double {
        get { withLock { magnetometerChannel.interval } }
        set { withLock { magnetometerChannel.interval = Self.sanitized(newValue) } }
    }
    /// True while magnetometer updates run.
    public var isMagnetometerActive: Bool { withLock { magnetometerChannel.isActive } }
    /// The latest magnetometer reading (pull mode), or nil.
    public var magnetometerData: MagnetometerData? { magnetometerChannel.fanOut.latest }
    /// Starts magnetometer updates in pull mode.
    public func startMagnetometerUpdates() throws(CaptureError) { try start(magnetometerChannel) { $0.pull = true } }
    /// Starts magnetometer updates delivered to `handler` every `magnetometerUpdateInterval`.
    public func startMagnetometerUpdates(
        to queue: DispatchQueue? = nil, withHandler handler: @escaping MagnetometerHandler
    ) throws(CaptureError) {
        try start(magnetometerChannel) { $0.setHandler(queue: queue, handler: handler) }
    }
    /// Stops magnetometer updates.
    public func stopMagnetometerUpdates() { stop(magnetometerChannel) { $0.stop() } }

    private static func sanitized(_ interval: Double) -> Double {
        interval.isFinite && interval > 0 ? max(interval, 0.0005) : 0.1
    }
}
