import TextFormats

/// The two renderings of a history, the same numbers in both: CSV with a header, and one JSON document (what
/// `history --format json` prints and the HTTP API answers). Times are local ISO 8601 with the offset; a value that
/// is not known (the heart rate of a minute with beats but no trusted rate) is an empty CSV field or JSON `null`,
/// never 0. Mean heart rates are rounded to 0.1 beats/min.
///
/// CSV columns: `start,end,steps,minutes` for steps;
/// `start,end,mean_heart_rate,min_heart_rate,max_heart_rate,samples,beats,minutes` for heart rate;
/// `start,end,floors_ascended,floors_descended,minutes` for flights.
/// JSON: `{"reading":"steps","from":…,"to":…,"per":"day","buckets":[{"start":…,"end":…,"steps":…,…},…]}`.
extension History {
    /// The CSV text, header first, one line per bucket, each ending in a newline.
    public var csv: String {
        let rows = fields
        var text = rows.columns.joined(separator: ",") + "\n"
        for row in rows.values {
            text += row.map { value -> String in
                switch value {
                case .string(let string): return string
                case .null: return ""
                default: return value.rendered
                }
            }.joined(separator: ",") + "\n"
        }
        return text
    }

    /// The JSON document.
    public var json: JSONValue {
        let rows = fields
        return .object([
            ("reading", .string(query.reading.rawValue)),
            ("from", .string(TimeText.format(query.range.start))),
            ("to", .string(TimeText.format(query.range.end))),
            ("per", .string(query.granularity.rawValue)),
            ("buckets", .array(rows.values.map { .object(Array(zip(rows.columns, $0))) })),
        ])
    }

    /// Column names and, per bucket, the values in that order.
    private var fields: (columns: [String], values: [[JSONValue]]) {
        switch buckets {
        case .steps(let buckets):
            return (
                ["start", "end", "steps", "minutes"],
                buckets.map { bucket in
                    [time(bucket.start), time(bucket.end), count(bucket.steps), count(bucket.minutes)]
                }
            )
        case .heartRate(let buckets):
            return (
                ["start", "end", "mean_heart_rate", "min_heart_rate", "max_heart_rate", "samples", "beats", "minutes"],
                buckets.map { bucket in
                    [
                        time(bucket.start), time(bucket.end),
                        number(bucket.mean.map { ($0 * 10).rounded() / 10 }), number(bucket.minimum),
                        number(bucket.maximum), count(bucket.samples), count(bucket.beats), count(bucket.minutes),
                    ]
                }
            )
        case .flights(let buckets):
            return (
                ["start", "end", "floors_ascended", "floors_descended", "minutes"],
                buckets.map { bucket in
                    [
                        time(bucket.start), time(bucket.end), count(bucket.ascended), count(bucket.descended),
                        count(bucket.minutes),
                    ]
                }
            )
        }
    }

    private func time(_ value: Double) -> JSONValue { .string(TimeText.format(value)) }
    private func count(_ value: Int) -> JSONValue { .number(Double(value)) }
    private func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
}
