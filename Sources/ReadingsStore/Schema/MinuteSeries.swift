/// One per-minute table and its hourly rollup, described once so that writing, rolling up, aggregating and pruning
/// are the same code for steps, heart rate, motion and flights.
///
/// Every column merges by a rule: counts and sums add, minima and maxima keep the extreme. A minute written twice
/// (a partial minute flushed, then the rest) merges the same way, so a restart in the middle of a minute adds to
/// what was stored rather than replacing it.
struct MinuteSeries: Sendable {
    /// How two values of a column combine.
    enum Merge: Sendable {
        case sum, minimum, maximum
    }

    /// A value column (besides the `minute`/`hour` key).
    struct Column: Sendable {
        var name: String
        var merge: Merge

        init(_ name: String, _ merge: Merge) {
            self.name = name
            self.merge = merge
        }
    }

    /// The tables' common prefix: `<name>_minute`, `<name>_hour`.
    var name: String
    var columns: [Column]

    static let steps = MinuteSeries(name: "steps", columns: [Column("steps", .sum)])
    static let heartRate = MinuteSeries(
        name: "heart_rate",
        columns: [
            Column("samples", .sum), Column("bpm_sum", .sum), Column("bpm_min", .minimum), Column("bpm_max", .maximum),
            Column("beats", .sum),
        ])
    static let motion = MinuteSeries(
        name: "motion",
        columns: [
            Column("samples", .sum), Column("user_acceleration_sum", .sum), Column("still_samples", .sum),
            Column("walking_samples", .sum), Column("running_samples", .sum),
        ])
    static let flights = MinuteSeries(name: "flights", columns: [Column("ascended", .sum), Column("descended", .sum)])
    static let all = [steps, heartRate, motion, flights]

    private var minuteTable: String { name + "_minute" }
    private var hourTable: String { name + "_hour" }
    private var names: String { columns.map(\.name).joined(separator: ", ") }

    /// Adds one minute's values (`?1` minute start, then the columns in order) to its row, creating it if missing.
    var upsertMinute: String {
        let placeholders = (2...(columns.count + 1)).map { "?\($0)" }.joined(separator: ", ")
        let updates = columns.map { column -> String in
            let name = column.name
            switch column.merge {
            case .sum: return "\(name) = \(name) + excluded.\(name)"
            // SQLite's two-argument min() is NULL when either is: keep whichever value exists.
            case .minimum: return "\(name) = coalesce(min(\(name), excluded.\(name)), \(name), excluded.\(name))"
            case .maximum: return "\(name) = coalesce(max(\(name), excluded.\(name)), \(name), excluded.\(name))"
            }
        }.joined(separator: ", ")
        return """
            INSERT INTO \(minuteTable) (minute, \(names)) VALUES (?1, \(placeholders))
            ON CONFLICT (minute) DO UPDATE SET \(updates)
            """
    }

    /// Recomputes the rollup rows of the hours starting in [`?1`, `?2`) from their minute rows.
    var rebuildHours: String {
        """
        INSERT OR REPLACE INTO \(hourTable) (hour, minutes, \(names))
        SELECT minute / 3600 * 3600, count(*), \(aggregates) FROM \(minuteTable)
        WHERE minute >= ?1 AND minute < ?2 GROUP BY minute / 3600
        """
    }

    /// One row: the number of minute rows and the aggregated columns over minutes starting in [`?1`, `?2`).
    var aggregateMinutes: String {
        "SELECT count(*), \(aggregates) FROM \(minuteTable) WHERE minute >= ?1 AND minute < ?2"
    }

    /// One row: the number of minute rows and the aggregated columns over the hour rows starting in [`?1`, `?2`).
    var aggregateHours: String {
        "SELECT total(minutes), \(aggregates) FROM \(hourTable) WHERE hour >= ?1 AND hour < ?2"
    }

    /// The minute rows starting in [`?1`, `?2`), in time order: the minute, then the columns.
    var selectMinutes: String {
        "SELECT minute, \(names) FROM \(minuteTable) WHERE minute >= ?1 AND minute < ?2 ORDER BY minute"
    }

    /// The hour rows starting in [`?1`, `?2`), in time order: the hour, its number of minutes, then the columns.
    var selectHours: String {
        "SELECT hour, minutes, \(names) FROM \(hourTable) WHERE hour >= ?1 AND hour < ?2 ORDER BY hour"
    }

    /// One row: the first and last minute stored in [`?1`, `?2`), NULL when none (two rowid seeks, not a scan).
    var minuteSpan: String {
        """
        SELECT (SELECT minute FROM \(minuteTable) WHERE minute >= ?1 AND minute < ?2 ORDER BY minute LIMIT 1),
               (SELECT minute FROM \(minuteTable) WHERE minute >= ?1 AND minute < ?2 ORDER BY minute DESC LIMIT 1)
        """
    }

    /// Deletes the minute rows before `?1` (a multiple of 3600, so that whole hours go).
    var pruneMinutes: String { "DELETE FROM \(minuteTable) WHERE minute < ?1" }

    /// Deletes the hour rows before `?1`.
    var pruneHours: String { "DELETE FROM \(hourTable) WHERE hour < ?1" }

    private var aggregates: String {
        columns.map { column -> String in
            switch column.merge {
            // total() rather than sum(): 0.0 instead of NULL over no rows, and no integer overflow error.
            case .sum: return "total(\(column.name))"
            case .minimum: return "min(\(column.name))"
            case .maximum: return "max(\(column.name))"
            }
        }.joined(separator: ", ")
    }
}
