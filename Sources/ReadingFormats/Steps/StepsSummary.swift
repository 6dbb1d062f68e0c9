import Pedometry
import TextFormats

/// What the steps output's summary line says (`{"summary":{"steps":N,"duration":…,"cadence":…,"counter":…}}`),
/// accumulated over a run.
public struct StepsSummary: EventSummary, Sendable {
    /// Steps written.
    public private(set) var steps = 0
    /// The counter that counted them: `hardware` or `software`.
    public var counter: String
    /// Floors climbed up and down while walking, when the input had a barometer; nil (not in the summary) without.
    public var floors: (ascended: Int, descended: Int)?
    private var cadenceSum = 0.0
    private var first: Double?
    private var last: Double?

    /// A summary of steps counted by `counter` (`hardware` or `software`).
    public init(counter: String) {
        self.counter = counter
    }

    /// The mean of the cadences reported with the steps, steps/min: the cadence while walking, not diluted by the
    /// pauses; nil when no step was written.
    public var cadence: Double? { steps > 0 ? cadenceSum / Double(steps) : nil }

    /// Seconds of input: from the first sample to the last one seen (0 before two samples).
    public var duration: Double {
        guard let first, let last else { return 0 }
        return last - first
    }

    public var rows: Int { steps }

    public var jsonMembers: [(String, JSONValue)] {
        [
            ("steps", WirePrecision.count(steps)), ("duration", WirePrecision.time(duration)),
            ("cadence", cadence.map(WirePrecision.perMinute) ?? .null), ("counter", .string(counter)),
        ]
            + (floors.map {
                [("floors_ascended", WirePrecision.count($0.ascended)), ("floors_descended", WirePrecision.count($0.descended))]
            } ?? [])
    }

    /// Counts a step written.
    public mutating func add(_ step: Step) {
        steps += 1
        cadenceSum += step.cadence
        observe(time: step.t)
    }

    /// Notes the time of a sample read, s.
    public mutating func observe(time: Double) {
        first = min(first ?? time, time)
        last = max(last ?? time, time)
    }
}
