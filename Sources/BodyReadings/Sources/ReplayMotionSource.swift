import MotionMath
import ReadingFormats
import Sensors
import SystemSupport

/// Replays recorded samples (the recording format of docs/formats.md: calibrated, mount-matrix-applied, SI units),
/// paced by their timestamps in real time or as fast as they are read. The recording's own gaps are kept: the filter
/// sees the real `dt`. A recording with PPG columns replays its pulse sensor too: `.ppg` readings from the rows that
/// carry intensities, when the capture asks for them (`CaptureConfiguration.readings`), as a live sensor would; and
/// one with a `pressure` column its barometer: `.pressure` readings (x kPa, y °C or NaN) from the rows that carry a
/// pressure, when asked for, so that `serve --source replay:FILE` shares the recorded altitude.
public final class ReplayMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `nextRow`, `first`, `startClock`, `wanted`, `pending` and `failure` are confined to the reading
    // thread; `cancellation` is thread-safe.

    public let info: MotionSourceInfo
    /// Real-time or as fast as read.
    public let pacing: MotionSourceSpecification.Pacing

    private let cancellation = CaptureCancellation()
    private let nextRow: () throws(CaptureError) -> RecordingRow?
    private var pending: RecordingRow?
    private var wanted = SensorReading.Kind.motion
    private var firstTime: Double?
    private var startClock = 0.0
    private var batchDuration = 0.1
    private var finished = false
    /// A bad row met while a batch was being gathered: thrown by the next `read()`, after the batch's good rows.
    private var failure: CaptureError?

    /// Replays the rows `nextRow` yields in order (nil at the end). `name` describes the recording,
    /// `hasMagnetometer` whether its samples carry one, `hasPPG` whether rows may carry PPG intensities,
    /// `hasBarometer` whether they may carry a pressure.
    public init(
        name: String, hasMagnetometer: Bool, hasPPG: Bool = false, hasBarometer: Bool = false,
        pacing: MotionSourceSpecification.Pacing, nextRow: @escaping () throws(CaptureError) -> RecordingRow?
    ) {
        self.info = MotionSourceInfo(
            name: name, hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: hasMagnetometer,
            maximumSampleRate: nil, hasPPG: hasPPG, hasBarometer: hasBarometer)
        self.pacing = pacing
        self.nextRow = nextRow
    }

    /// Replays an array of samples.
    public convenience init(samples: [IMUSample], name: String = "samples", pacing: MotionSourceSpecification.Pacing) {
        var index = 0
        self.init(name: name, hasMagnetometer: samples.first?.magnetometer != nil, pacing: pacing) {
            () throws(CaptureError) -> RecordingRow? in
            guard index < samples.count else { return nil }
            defer { index += 1 }
            return RecordingRow(t: samples[index].t, motion: samples[index])
        }
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        batchDuration = configuration.updateInterval
        wanted = configuration.readings
        startClock = MonotonicClock.now()
        configuration.log("replay: \(info.name), \(pacing == .fast ? "fast" : "real time")")
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        if let failure {
            self.failure = nil
            finished = true
            throw failure
        }
        guard !cancellation.isCancelled, !finished else { return nil }
        if pending == nil { pending = try nextRow() }
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
            append(current, to: &readings)
            count += 1
            let following: RecordingRow?
            do {
                following = try nextRow()
            } catch {
                // The rows before the bad one are delivered first, as a sensor's last readings would be.
                failure = error
                pending = nil
                return readings
            }
            guard let next = following else {
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

    /// The readings of `row` that the capture asked for.
    private func append(_ row: RecordingRow, to readings: inout [SensorReading]) {
        if let sample = row.motion, !wanted.isDisjoint(with: SensorReading.Kind.motion) {
            sample.appendReadings(to: &readings)
        }
        if let ppg = row.ppg, wanted.contains(.ppg) {
            readings.append(SensorReading(kind: .ppg, t: row.t, value: ppg))
        }
        if let pressure = row.pressure, wanted.contains(.pressure) {
            let temperature = row.temperature ?? .nan
            readings.append(SensorReading(kind: .pressure, t: row.t, value: Vector3(pressure, temperature, 0)))
        }
    }

    public func cancel() { cancellation.cancel() }

    public func stop() { cancellation.cancel() }

    public var statistics: CaptureStatistics { CaptureStatistics() }
}
