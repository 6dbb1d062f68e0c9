import Dispatch
import Sensors

// The CoreMotion-shaped altimeter (`CMAltimeter`'s relative altitude) on the manager's capture: the barometer read
// beside the motion sensors, one owner of all of them.
extension MotionManager {
    /// Receives altitude data, or the error that ended the updates (then `data` is nil).
    public typealias AltitudeHandler = @Sendable (_ data: AltitudeData?, _ error: CaptureError?) -> Void

    /// True when the source has a barometer (an IIO pressure sensor, the simulated building's BMP280, a
    /// recording's `pressure` column, a service's barometer). Like `CMAltimeter.isRelativeAltitudeAvailable()`.
    public var isRelativeAltitudeAvailable: Bool { info != nil && hasBarometer }

    /// True while relative-altitude updates run.
    public var isRelativeAltitudeActive: Bool { withLock { altitudeChannel.isActive } }

    /// Starts relative-altitude updates delivered to `handler` on `queue` (nil: the capture thread), one per pressure
    /// sample (25 Hz on most barometers), the altitude counted from the first of them. When the capture fails,
    /// `handler` gets the error once and updates stop. Starting them while the manager's capture runs without the
    /// barometer starts that capture over (a gap of the source's start-up time in its other updates).
    ///
    /// - Throws: `CaptureError` `.notFound` when the source has no barometer, or the capture's failure to start.
    public func startRelativeAltitudeUpdates(to queue: DispatchQueue? = nil, withHandler handler: @escaping AltitudeHandler)
        throws(CaptureError)
    {
        try requireBarometer()
        let delivery = HandlerDelivery(queue: queue, handler: handler)
        let baseline = altitudeBaseline
        baseline.reset()
        try start(altitudeChannel) { channel in
            channel.setHandler(queue: nil) { update, error in
                if let error { delivery.fail(error) }
                if let update { delivery.send(baseline.data(update)) }
            }
        }
    }

    /// Relative-altitude updates as an async sequence, one per pressure sample, the altitude counted from the
    /// sequence's first; it ends when the capture ends or fails, on `stopRelativeAltitudeUpdates()`, or when it
    /// cannot start (no barometer: see `lastError`). `bufferingPolicy` says what is kept when the consumer falls
    /// behind: by default the newest 64 updates (`.unbounded` keeps every one).
    public func relativeAltitudeUpdates(
        bufferingPolicy: AsyncStream<AltitudeData>.Continuation.BufferingPolicy = .bufferingNewest(64)
    ) -> AsyncStream<AltitudeData> {
        let baseline = AltitudeBaseline()
        return stream(of: altitudeChannel, bufferingPolicy: bufferingPolicy, prepare: requireBarometer) {
            channel, id, continuation in
            channel.addConsumer(
                id, deliver: { continuation.yield(baseline.data($0)) }, finish: { continuation.finish() })
        }
    }

    /// Stops relative-altitude updates (handler and async sequences).
    public func stopRelativeAltitudeUpdates() { stop(altitudeChannel) { $0.stop() } }

    /// Fails when the source has no barometer, before a capture is started for it.
    private func requireBarometer() throws(CaptureError) {
        guard let info else { throw lastError ?? CaptureError(.notFound, "the source could not be opened") }
        guard hasBarometer else {
            throw CaptureError(
                .notFound,
                "\(info.name) has no barometer (an IIO device with a pressure channel: bmp280, bme280, dps310, "
                    + "lps22hb, …)")
        }
    }
}
