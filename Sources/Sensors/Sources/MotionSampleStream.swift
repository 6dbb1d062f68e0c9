import MotionMath

/// Turns a source's readings into the filter's input: each reading passes the per-sensor correction step (where
/// calibration is applied), then the merger pairs gyroscope readings with the latest accelerometer and magnetometer
/// readings. Owned by the one thread that reads it.
public final class MotionSampleStream {
    /// The source read from.
    public let source: any MotionSource
    private let correction: ReadingCorrection?
    private var merger: SampleMerger
    private var pending: [IMUSample] = []
    private var pendingIndex = 0
    private var ended = false
    /// Called with every corrected reading before it is merged (raw accelerometer, gyroscope and magnetometer
    /// updates); runs on the reading thread.
    public var onReading: ((SensorReading) -> Void)?

    /// A stream over `source`; `correction`, when given, is applied to every reading before merging.
    public init(source: any MotionSource, correction: ReadingCorrection? = nil, maximumLag: Double = 0.1) {
        self.source = source
        self.correction = correction
        self.merger = SampleMerger(maximumLag: maximumLag)
    }

    /// The next merged sample; blocks until one is complete. Nil at the end of the source (or after `cancel()`).
    public func next() throws(CaptureError) -> IMUSample? {
        while pendingIndex >= pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            if ended { return nil }
            guard let readings = try source.read() else {
                ended = true
                merger.flush(into: &pending)
                continue
            }
            for reading in readings {
                let corrected = correction?(reading) ?? reading
                onReading?(corrected)
                merger.push(corrected, into: &pending)
            }
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }

    /// True when merged samples are waiting, so `next()` will not block: a consumer flushes its output when false.
    public var hasBufferedSamples: Bool { pendingIndex < pending.count }

    /// The source's counts plus the readings the merger dropped.
    public var statistics: CaptureStatistics {
        var statistics = source.statistics
        statistics.droppedReadings += merger.droppedReadings
        return statistics
    }
}

/// A per-sensor correction step applied to every reading before merging (calibration: gyroscope bias, accelerometer
/// offset and matrix, magnetometer hard and soft iron). Must be pure and cheap: it runs once per reading.
public typealias ReadingCorrection = @Sendable (SensorReading) -> SensorReading
