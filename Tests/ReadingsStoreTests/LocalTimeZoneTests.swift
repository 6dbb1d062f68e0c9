import Foundation
import Testing

@testable import ReadingsStore

/// The times `history` prints and `--from`/`--to` accept, in every zone of the system's tzdata: part of the serialised
/// `LocalTimeTests` suite, since it sets the process's `TZ`.
extension LocalTimeTests {
    /// Where tzdata keeps its zone files.
    static let zoneDirectory = "/usr/share/zoneinfo"

    /// Every zone file (TZif) under `zoneDirectory`, by name (`Europe/Berlin`), without the `posix/` and `right/`
    /// copies (the latter count leap seconds, which Unix time does not).
    static let systemZones: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: zoneDirectory) else { return [] }
        var zones: [String] = []
        while let name = walker.nextObject() as? String {
            if name.hasPrefix("posix") || name.hasPrefix("right") { continue }
            guard let handle = FileHandle(forReadingAtPath: "\(zoneDirectory)/\(name)") else { continue }
            let magic = (try? handle.read(upToCount: 4)) ?? Data()
            try? handle.close()
            if magic == Data("TZif".utf8) { zones.append(name) }
        }
        return zones.sorted()
    }()

    /// Instants around every change of the zone's offset from 1970 to 2040 (found a week apart, then to the second):
    /// a second and an hour before and after each, and the change itself; and one instant a year.
    static func instantsAroundOffsetChanges() -> [Int64] {
        var instants: [Int64] = []
        let week: Int64 = 7 * 86_400
        var previous: Int64 = 0
        var previousOffset = LocalTime.fields(previous).utcOffset
        while previous < 2_209_000_000 {
            let next = previous + week
            let offset = LocalTime.fields(next).utcOffset
            if offset != previousOffset {
                var (low, high) = (previous, next)
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if LocalTime.fields(middle).utcOffset == previousOffset { low = middle } else { high = middle }
                }
                instants += [high - 3601, high - 1, high, high + 1, high + 3600]
            }
            if next % (52 * week) < week { instants.append(next) }
            (previous, previousOffset) = (next, offset)
        }
        return instants.filter { $0 >= 0 }
    }

    @Test(.enabled(if: !systemZones.isEmpty, "needs tzdata in /usr/share/zoneinfo"))
    func everyZoneReadsBackWhatHistoryPrints() throws {
        defer { restoreZone() }
        var failures: [String] = []
        var checked = 0
        for zone in Self.systemZones {
            useZone(":\(Self.zoneDirectory)/\(zone)")
            for instant in Self.instantsAroundOffsetChanges() {
                checked += 1
                let printed = TimeText.format(Double(instant))
                // The instant with its offset, as history prints it.
                let back = try? TimeText.parseStart(printed)
                if back != Double(instant) {
                    failures.append("\(zone): \(instant) printed \(printed), read back \(back.map { "\($0)" } ?? "an error")")
                    continue
                }
                // The same local time without the offset: that instant, or the first of a repeated hour's two.
                let local = String(printed.prefix(19))
                let start = try TimeText.parseStart(local)
                let repeated = start < Double(instant) && TimeText.format(start).hasPrefix(local)
                if start != Double(instant), !repeated {
                    failures.append("\(zone): local \(local) read as \(TimeText.format(start)), not \(printed)")
                }
                // The date alone: the start of that local day, which holds the instant.
                let date = String(printed.prefix(10))
                let day = try TimeText.parseStart(date)
                if !(day <= Double(instant) && TimeText.format(day).hasPrefix(date)) {
                    failures.append("\(zone): \(date) starts at \(TimeText.format(day)), which does not hold \(printed)")
                }
            }
        }
        #expect(checked > Self.systemZones.count * 10)
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(12).joined(separator: "; "))")
    }
}
