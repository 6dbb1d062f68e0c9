import Foundation

/// A stretch in which the virtual hub sent no report although one was due: two consecutive sends of a sensor that
/// is switched on more than 1.5 report intervals apart. On a loaded host a TCG guest is descheduled for a while; the
/// feeder, and the kernel's timestamps of what it sends, then show a gap that no product could avoid.
public struct FeederStall: Sendable, Equatable {
    /// Where the stall begins and ends, CLOCK_REALTIME seconds: the last send (or the switch-on) before it and the
    /// first send after it, clipped to the window asked for.
    public var start: Double
    public var end: Double
    /// Reports that were due within the stall (within the window).
    public var held: Int
    /// The sensor's report interval (the median spacing of its sends), s.
    public var interval: Double

    /// The updates at `updateInterval` (s) that the stall can cost a stream: the grid points it passes over without
    /// a sample, one fewer than the whole update intervals it spans (a stall shorter than two costs none, since the
    /// first sample after it still lands within an interval of its grid point).
    public func updatesLost(updateInterval: Double) -> Int {
        // A hair over whole intervals: send times are microseconds, and a Double at realtime magnitudes resolves
        // 0.24 µs.
        max(0, Int(((end - start) / updateInterval + 1e-3).rounded(.down)) - 1)
    }

    /// The stalls in `record` clipped to `from … to`: only what overlaps the window, and of that only the part inside
    /// it (the feeder's idle before a stream, while the sensor was off, is no stall). The report interval is the
    /// median spacing of the sends.
    public static func stalls(in record: FeederRecord, from: Double, to: Double) -> [FeederStall] {
        let spacings = zip(record.sends.dropFirst(), record.sends).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !spacings.isEmpty else { return [] }
        let interval = spacings[spacings.count / 2]
        return zip(record.events, record.events.dropFirst()).compactMap { before, after in
            // A gap that starts with a switch-off or ends with a switch-on is the sensor's time off.
            guard after.kind == .send, before.kind != .off else { return nil }
            let start = max(before.time, from), end = min(after.time, to)
            guard end - start > 1.5 * interval else { return nil }
            return FeederStall(
                start: start, end: end, held: Int(((end - start) / interval).rounded()) - 1, interval: interval)
        }
    }
}

/// One sensor's part of a hub's `--send-log`: when each report went out, and when the product switched the sensor
/// on and off (CLOCK_REALTIME seconds, in order).
public struct FeederRecord: Sendable, Equatable {
    public var sends: [Double] = []
    public var switchedOn: [Double] = []
    public var switchedOff: [Double] = []

    public init(sends: [Double] = [], switchedOn: [Double] = [], switchedOff: [Double] = []) {
        self.sends = sends
        self.switchedOn = switchedOn
        self.switchedOff = switchedOff
    }

    /// The window in which the sensor streamed for the rows `first … last`: from its last switch-on at or before
    /// `first` to its first switch-off at or after `last`; without a record of them, the rows' own span.
    public func streamingWindow(first: Double, last: Double) -> ClosedRange<Double> {
        let on = switchedOn.last { $0 <= first } ?? first
        let off = switchedOff.first { $0 >= last } ?? last
        return on...max(on, off)
    }

    fileprivate enum Event { case send, on, off }

    /// Sends and switches in time order: a stall starts at a send or a switch-on and ends at a send.
    fileprivate var events: [(time: Double, kind: Event)] {
        (sends.map { ($0, Event.send) } + switchedOn.map { ($0, .on) } + switchedOff.map { ($0, .off) })
            .sorted { $0.time < $1.time }
    }

    /// The records per sensor in a hub's `--send-log` ("REALTIME SENSOR" per report, "REALTIME SENSOR on|off" when
    /// the product switches a sensor); nil when it cannot be read.
    public static func sendLog(atPath path: String) -> [String: FeederRecord]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var records: [String: FeederRecord] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 || fields.count == 3, let time = Double(fields[0]) else { continue }
            let sensor = String(fields[1])
            switch fields.count == 3 ? fields[2] : nil {
            case nil: records[sensor, default: FeederRecord()].sends.append(time)
            case "on": records[sensor, default: FeederRecord()].switchedOn.append(time)
            case "off": records[sensor, default: FeederRecord()].switchedOff.append(time)
            default: continue
            }
        }
        return records
    }
}
