import ReadingsStore
import SystemSupport

/// `bodyreadings history steps|heart-rate|flights`: what the readings store remembers, per minute, local hour or local day,
/// as CSV or one JSON document.
enum HistoryCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "history",
            overview: "Print stored steps, heart rate or flights climbed per minute, hour or day (from what 'serve' recorded).",
            positionals: [
                PositionalSpec(
                    "reading", help: "steps, heart-rate or flights.", kind: .choice(["steps", "heart-rate", "flights"]))
            ],
            options: [
                .today,
                .from,
                .to,
                .per,
                .format.described("Output format: csv or json.", among: ["csv", "json"], default: "csv"),
                .store.described("The store file (default: see STORE)."),
            ],
            discussion: """
                TIMES: --from and --to take a local date (2026-11-30), a local time (2026-11-30T08:15, \
                2026-11-30 08:15:30) or an instant with its offset (2026-11-30T08:15:00+01:00, ...Z). Local means \
                the zone of TZ, else /etc/localtime; days and hours are local clock days and hours (a day may have \
                23 or 25 hours). --from 2026-11-01 --to 2026-11-30 is the whole of November.

                OUTPUT: one row per bucket that holds readings (a day the service did not run is left out; a \
                minute counted with no steps is 0). Steps: start,end,steps,minutes. Heart rate: \
                start,end,mean_heart_rate,min_heart_rate,max_heart_rate,samples,beats,minutes (beats/min; an \
                empty field when only beats without a trusted rate were recorded). Flights (floors climbed while \
                walking, from a barometer): start,end,floors_ascended,floors_descended,minutes. Times are local \
                ISO 8601 with \
                the offset. --format json prints one document: \
                {"reading":…,"from":…,"to":…,"per":…,"buckets":[{"start":…,…},…]}.

                STORE: --store FILE, else $XDG_STATE_HOME/bodyreadings/readings.sqlite (default \
                ~/.local/state/bodyreadings/readings.sqlite) if it exists, else the system service's \
                /var/lib/bodyreadings/readings.sqlite. 'bodyreadings serve' records readings there. The file is \
                read directly (read-only), also while the service writes it.

                EXAMPLES:
                  bodyreadings history steps
                  bodyreadings history steps --from 2026-11-01 --to 2026-11-30 --per day
                  bodyreadings history heart-rate --today --per hour --format json
                  bodyreadings history flights --per hour

                EXIT STATUS: 0 ok (also when no bucket holds readings), 1 no store yet (nothing recorded), \
                64 usage error, 65 store damaged or of another version, 74 --store FILE missing or an I/O error, \
                77 permission denied.
                """),
        run: run)

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        // 1. The question.
        let name = arguments.positionals[0]
        guard let reading = HistoryQuery.Reading(rawValue: name) else {
            throw CLIError.usage("unknown reading '\(name)': steps, heart-rate or flights", command: "history")
        }
        let format = try arguments.choice(.format) ?? "csv"
        let query = try HistoryQuery(
            reading: reading, from: arguments.value(.from), to: arguments.value(.to),
            today: arguments.has(.today), per: arguments.value(.per), now: WallClock.now())

        // 2. The store: named, or the user's, or the system service's.
        let path: String
        if let named = arguments.value(.store) {
            path = named
        } else if let found = StoreLocation.existing(environment: console.environment) {
            path = found
        } else {
            let candidates = StoreLocation.candidates(environment: console.environment)
            console.error(
                "no readings recorded yet: there is no store at \(candidates.joined(separator: " or ")); "
                    + "'bodyreadings serve' records steps and heart rate there (or name a file with --store)")
            return .notAvailable
        }
        let store = try ReadingsDatabase(path: path, access: .readOnly)
        defer { try? store.close() }

        // 3. The answer.
        let history = try store.history(query)
        try console.write(format == "json" ? history.json.rendered + "\n" : history.csv)
        return .ok
    }
}
