import Sensors

/// The pipeline input over a live `MotionSource`: every reading passes the per-sensor correction (where the
/// calibration is applied), is shown to `onReading` (raw updates), then goes to the assembler (`SampleMerger`: IMU
/// samples for the filter). Owned by the one thread that runs the pipeline.
public final class SourceInput<Assembler: SampleAssembler>: PipelineInput {
    /// The source read from.
    public let source: any MotionSource
    // Inlinable (with the state it touches): specialised with the pipeline's loop for the assembler, rather than
    // generic code that looked up the sample type's metadata on every read (5 % of a 1 kHz stream's CPU).
    @usableFromInline let correction: ReadingCorrection?
    @usableFromInline var assembler: Assembler
    @usableFromInline var pending: [Assembler.Sample] = []
    @usableFromInline var pendingIndex = 0
    @usableFromInline var ended = false
    /// Called with every corrected reading before it is assembled (raw accelerometer, gyroscope and magnetometer
    /// updates); runs on the pipeline's thread.
    public var onReading: ((SensorReading) -> Void)?

    /// An input over `source`; `correction`, when given, is applied to every reading before `assembler` sees it.
    public init(source: any MotionSource, correction: ReadingCorrection? = nil, assembler: Assembler) {
        self.source = source
        self.correction = correction
        self.assembler = assembler
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        try source.start(configuration)
    }

    /// The next assembled sample; blocks until one is complete. Nil at the end of the source (or after it was
    /// cancelled), once the assembler's last samples were taken.
    @inlinable
    public func next() throws(CaptureError) -> Assembler.Sample? {
        while pendingIndex >= pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            if ended { return nil }
            guard let readings = try source.read() else {
                ended = true
                assembler.flush(into: &pending)
                continue
            }
            Self.assemble(readings, correction: correction, onReading: onReading, into: &assembler, &pending)
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }

    /// Corrects, shows and assembles one read's `readings`. Static, on inout state: the class's stored properties
    /// are then checked for exclusive access once per read instead of for every reading (6 % of a 1 kHz stream's CPU
    /// went to those checks).
    @inlinable
    static func assemble(
        _ readings: [SensorReading], correction: ReadingCorrection?, onReading: ((SensorReading) -> Void)?,
        into assembler: inout Assembler, _ pending: inout [Assembler.Sample]
    ) {
        for reading in readings {
            let corrected = correction?(reading) ?? reading
            onReading?(corrected)
            assembler.push(corrected, into: &pending)
        }
    }

    /// True when assembled samples are waiting, so `next()` will not block.
    @inlinable
    public var hasBufferedElements: Bool { pendingIndex < pending.count }

    public var interruption: @Sendable () -> Void {
        let source = self.source
        return { source.cancel() }
    }

    public func stop() {
        source.stop()
    }

    /// The source's counts plus the readings the assembler dropped.
    public var statistics: CaptureStatistics {
        var statistics = source.statistics
        statistics.droppedReadings += assembler.droppedReadings
        return statistics
    }
}

extension SourceInput where Assembler == SampleMerger {
    /// An input of IMU samples over `source`: gyroscope readings wait at most `maximumLag` seconds for the
    /// accelerometer.
    public convenience init(source: any MotionSource, correction: ReadingCorrection? = nil, maximumLag: Double = 0.1) {
        self.init(source: source, correction: correction, assembler: SampleMerger(maximumLag: maximumLag))
    }
}
