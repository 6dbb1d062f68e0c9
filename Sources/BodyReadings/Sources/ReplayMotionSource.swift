import MotionMath
import Sensors
import SystemSupport

/// Replays recorded samples (the recording format of DESIGN.md: calibrated, mount-matrix-applied, SI units), paced
/// by their timestamps in real time or as fast as they are read. The recording's own gaps are kept: the filter sees
/// the real `dt`.
public final class ReplayMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `nextSample`, `first`, `startClock` and `pending` are confined to the reading thread;
    // `cancellation` is thread-safe.

    public let info: MotionSourceInfo
    /// Real-time or as fast as read.
    public let pacing: MotionSourceSpecification.Pacing

    private let cancellation = CaptureCancellation()
    private let nextSample: () throws(CaptureError) -> IMUSample?
    private var pending: IMUSample?
    private var firstTime: Double?
    private var startClock = 0.0
    private var batchDuration = 0.1
    private var finished = false

    /// Replays the samples `nextSample` yields in order (nil at the end). `name` describes the recording,
    /// `hasMagnetometer` whether its samples carry one.
    public init(
        name: String, hasMagnetometer: Bool, pacing: MotionSourceSpecification.Pacing,
        nextSample: @escaping () throws(CaptureError) -> IMUSample?
    ) {
        self.info = MotionSourceInfo(
            name: name, hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: hasMagnetometer,
            maximumSampleRate: nil)
        self.pacing = pacing
        self.nextSample = nextSample
    }

    /// Replays an array of samples.
    public convenience init(samples: [IMUSample], name: String = "samples", pacing: MotionSourceSpecification.Pacing) {
        var index = 0
        self.init(name: name, hasMagnetometer: samples.first?.magnetometer != nil, pacing: pacing) {
            () throws(CaptureError) -> IMUSample? in
            guard index < samples.count else { return nil }
            defer { index += 1 }
            return samples[index]
        }
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        batchDuration = configuration.updateInterval
        startClock = MonotonicClock.now()
        configuration.log("replay: \(info.name), \(pacing == .fast ? "fast" : "real time")")
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        guard !cancellation.isCancelled, !finished else { return nil }
        if pending == nil { pending = try nextSample() }
        guard let head = pending else { return nil }
        let origin = firstTime ?? head.t
        firstTime = origin
        var now = Double.infinity
        if pacing == .realTime {
            // Like a sensor buffer: wait until an update interval's worth after the head is due, then deliver
            // everything due by then (latency at most one interval).
            if !cancellation.wait(untilMonotonic: startClock + (head.t - origin) + batchDuration) { return nil }
            now = MonotonicClock.now()
        }
        var readings: [SensorReading] = []
        var current = head
        var count = 0
        while true {
            Self.append(current, to: &readings)
            count += 1
            guard let next = try nextSample() else {
                pending = nil
                break
            }
            let fits = pacing == .fast ? count < 256 : startClock + (next.t - origin) <= now
            if !fits {
                pending = next
                break
            }
            current = next
        }
        if pending == nil { finished = true }
        return readings
    }

    private static func append(_ sample: IMUSample, to readings: inout [SensorReading]) {
        readings.append(SensorReading(kind: .accelerometer, t: sample.t, value: sample.accelerometer))
        if let magnetometer = sample.magnetometer {
            readings.append(SensorReading(kind: .magnetometer, t: sample.t, value: magnetometer))
        }
        readings.append(SensorReading(kind: .gyroscope, t: sample.t, value: sample.gyroscope))
    }

    public func cancel() { cancellation.cancel() }

    public func stop() { cancellation.cancel() }

    public var statistics: CaptureStatistics { CaptureStatistics() }
}
