import BodyReadings
import ReadingFormats
import TextFormats

/// `heart-rate`'s one live line on a terminal, redrawn in place at most four times a second:
///
///     t   12.3 s   72 bpm  good       RR 0.83 s   beats 11
///
/// Without a heart rate the number is a placeholder (`--`), never a made-up zero, and the state says why: the
/// latest beat's quality (`irregular`, `poor`) or `no pulse` when no beat came for a few seconds.
struct LiveHeartRateConsumer: LiveEventConsumer {
    let console: Console
    /// Stop after this many beats; nil: no limit.
    let count: Int?
    private(set) var summary = HeartRateSummary()
    private var lastDrawn: Double?
    private var lastInterval: Double?

    init(console: Console, count: Int?) {
        self.console = console
        self.count = count
    }

    var rows: Int { summary.beats }

    mutating func receive(_ update: HeartRateUpdate) throws -> ConsumerDemand {
        summary.observe(time: update.t)
        if let beat = update.beat {
            summary.add(beat)
            if beat.rrInterval != nil { lastInterval = beat.rrInterval }
        }
        if update.beat != nil || lastDrawn.map({ update.t >= $0 + 0.25 }) ?? true {
            lastDrawn = update.t
            try console.write(line(update))
        }
        if let count, summary.beats >= count { return .enough }
        return .more
    }

    func idle() throws {
        try console.flush()
    }

    /// The line for `update`, starting with a carriage return and an erase to the end of the line.
    func line(_ update: HeartRateUpdate) -> String {
        let sample = update.sample
        let rate = sample.heartRate.map { FixedDecimal.string($0, digits: 0, width: 3) } ?? " --"
        let state = sample.quality?.rawValue ?? "no pulse"
        let padded = state + String(repeating: " ", count: max(0, 10 - state.count))
        var text = "\r\u{1B}[K"
        text += "t " + FixedDecimal.string(summary.duration, digits: 1, width: 6) + " s   "
        text += "\(rate) bpm  \(padded)"
        text += "  RR " + (lastInterval.map { FixedDecimal.string($0, digits: 2, width: 4) } ?? "  --") + " s"
        text += "   beats \(summary.beats)"
        return text
    }
}
