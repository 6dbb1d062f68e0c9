import Sensors

/// How a pipeline runs: the interval the source samples for, the interval updates are delivered at, and when to
/// stop.
public struct PipelineSettings: Sendable {
    /// The update interval the source samples for, s (`CaptureConfiguration.updateInterval`): it picks the
    /// delivery latency, and the sampling frequency unless `samplingInterval` is shorter.
    public var captureInterval: Double
    /// The interval the source samples for when shorter than `captureInterval`, s
    /// (`CaptureConfiguration.samplingInterval`); nil: `captureInterval`.
    public var samplingInterval: Double?
    /// Seconds of sample time between updates handed to the consumer (`UpdateDecimator`); 0 hands over every
    /// update (a recording, a fan-out that decimates per subscriber).
    public var updateInterval: Double
    /// Stop after this many delivered updates; nil: no limit.
    public var count: Int?
    /// Stop once an element is this many seconds of sample time after the first one (that element is not
    /// processed); a stalled source is stopped by the wall clock one second later. Nil: no limit.
    public var duration: Double?
    /// Where the source's diagnostics go (chosen sampling frequency, polling fallback).
    public var log: @Sendable (CaptureNote) -> Void
    /// The kinds of reading the source is asked for (`CaptureConfiguration.readings`): the motion sensors' by
    /// default; add `stepCount` and `activity` for a hardware step counter; `[.ppg]` for heart rate alone.
    public var readings: Set<SensorReading.Kind>

    /// Precondition: the intervals are finite and ≥ 0.
    public init(
        captureInterval: Double, samplingInterval: Double? = nil, updateInterval: Double = 0, count: Int? = nil,
        duration: Double? = nil,
        readings: Set<SensorReading.Kind> = SensorReading.Kind.motion,
        log: @escaping @Sendable (CaptureNote) -> Void = { _ in }
    ) {
        self.readings = readings
        self.captureInterval = captureInterval
        self.samplingInterval = samplingInterval
        self.updateInterval = updateInterval
        self.count = count
        self.duration = duration
        self.log = log
    }
}

extension PipelineSettings {
    /// What `Pipeline.run` starts its source with, and a caller that starts a source ahead of its pipeline.
    public var captureConfiguration: CaptureConfiguration {
        CaptureConfiguration(
            updateInterval: captureInterval, samplingInterval: samplingInterval, readings: readings, log: log)
    }
}
