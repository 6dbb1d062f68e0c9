import Pedometry
import Pulse

/// Readings taken in but not yet written: per-minute aggregates of each series, and the heart-rate samples and
/// beats themselves. What a ``ReadingsRecorder`` holds between flushes and ``ReadingsDatabase`` writes in one transaction.
struct PendingReadings: Sendable {
    /// Per series name, per minute start: the columns in the series' order.
    private(set) var minutes: [String: [Int64: [Double?]]] = [:]
    private(set) var heartRateSamples: [StoredHeartRate] = []
    private(set) var beats: [(time: Double, rrInterval: Double?, quality: BeatQuality)] = []

    var isEmpty: Bool {
        minutes.isEmpty && heartRateSamples.isEmpty && beats.isEmpty
    }

    /// Per-minute rows held, of all series.
    var minuteCount: Int { minutes.values.reduce(0) { $0 + $1.count } }

    /// Readings held: heart-rate samples, beats and per-minute rows (the unit of the recorder's counts).
    var count: Int { heartRateSamples.count + beats.count + minuteCount }

    /// The start of the minute holding `time`, s.
    static func minute(_ time: Double) -> Int64 {
        Int64((time / 60).rounded(.down)) * 60
    }

    mutating func addSteps(_ count: Int, at time: Double) {
        add(.steps, minute: Self.minute(time), [Double(count)])
    }

    mutating func addHeartRate(_ bpm: Double, at time: Double) {
        heartRateSamples.append(StoredHeartRate(time: time, heartRate: bpm))
        add(.heartRate, minute: Self.minute(time), [1, bpm, bpm, bpm, 0])
    }

    mutating func addBeat(at time: Double, rrInterval: Double?, quality: BeatQuality) {
        beats.append((time, rrInterval, quality))
        add(.heartRate, minute: Self.minute(time), [0, 0, nil, nil, 1])
    }

    mutating func addFlights(ascended: Int, descended: Int, at time: Double) {
        add(.flights, minute: Self.minute(time), [Double(ascended), Double(descended)])
    }

    mutating func addMotion(userAcceleration: Double, activity: Activity, at time: Double) {
        add(.motion, minute: Self.minute(time), [
            1, userAcceleration, activity == .still ? 1 : 0, activity == .walking ? 1 : 0,
            activity == .running ? 1 : 0,
        ])
    }

    /// Adds everything of `other` (readings a failed write gave back).
    mutating func merge(_ other: PendingReadings) {
        for series in MinuteSeries.all {
            for (minute, values) in other.minutes[series.name] ?? [:] {
                add(series, minute: minute, values)
            }
        }
        heartRateSamples += other.heartRateSamples
        beats += other.beats
    }

    /// Drops the oldest heart-rate samples and beats beyond `samples` of each, and the oldest minutes beyond
    /// `minutes` per series; returns how many readings went (samples, beats and per-minute rows).
    mutating func trim(samples limit: Int, minutes minuteLimit: Int) -> Int {
        let samplesOver = max(0, heartRateSamples.count - limit)
        let beatsOver = max(0, beats.count - limit)
        heartRateSamples.removeFirst(samplesOver)
        beats.removeFirst(beatsOver)
        var dropped = samplesOver + beatsOver
        for (name, held) in minutes where held.count > minuteLimit {
            let oldest = held.keys.sorted().prefix(held.count - minuteLimit)
            for minute in oldest { minutes[name]?[minute] = nil }
            dropped += oldest.count
        }
        return dropped
    }

    private mutating func add(_ series: MinuteSeries, minute: Int64, _ values: [Double?]) {
        minutes[series.name, default: [:]][minute] = minutes[series.name]?[minute].map { held in
            zip(series.columns, zip(held, values)).map { column, pair in
                SeriesTotals.merged(pair.0, pair.1, column.merge)
            }
        } ?? values
    }
}
