import Foundation

/// A stretch in which the virtual hub sent no report although one was due: two consecutive sends more than 1.5
/// report intervals apart. On a loaded host a TCG guest is descheduled for a while; the feeder, and the kernel's
/// timestamps of what it sends, then show a gap that no product could avoid.
public struct FeederStall: Sendable, Equatable {
    /// The last send before the stall and the first after it, CLOCK_REALTIME seconds.
    public var start: Double
    public var end: Double
    /// Reports that were due within the stall.
    public var held: Int

    /// The stalls among `sends` (CLOCK_REALTIME seconds, in order) that end after `from` and start before `to`; the
    /// report interval is the median spacing of the sends.
    public static func stalls(in sends: [Double], from: Double, to: Double) -> [FeederStall] {
        let spacings = zip(sends.dropFirst(), sends).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !spacings.isEmpty else { return [] }
        let interval = spacings[spacings.count / 2]
        return zip(sends, sends.dropFirst()).compactMap { start, end in
            let gap = end - start
            guard gap > 1.5 * interval, end > from, start < to else { return nil }
            return FeederStall(start: start, end: end, held: Int((gap / interval).rounded()) - 1)
        }
    }

    /// The send times per sensor in a hub's `--send-log` ("REALTIME SENSOR" lines); nil when it cannot be read.
    public static func sendLog(atPath path: String) -> [String: [Double]]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var sends: [String: [Double]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let time = Double(fields[0]) else { continue }
            sends[String(fields[1]), default: []].append(time)
        }
        return sends
    }
}
