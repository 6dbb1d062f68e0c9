import HTTP
import ReadingFormats
import ReadingsStore
import SystemSupport
import TextFormats

/// Mounts the readings on an ``HTTPRouter``: the JSON API, the event streams and the dashboard
/// (docs/http-api.md):
///
/// | path | answer |
/// |---|---|
/// | `GET /` | the dashboard page (`/dashboard.css`, `/dashboard.js`) |
/// | `GET /api/available` | `{"motion":{"available":true},…,"heart_rate":{"available":false,"reason":…}}` |
/// | `GET /api/steps/today` | `{"available":true,"from":…,"to":…,"steps":N}` |
/// | `GET /api/steps?from=&to=&per=` | the stored steps per minute, hour or day, as `history --format json` |
/// | `GET /api/heart-rate/latest` | `{"available":…,"latest":{"time":…,"heart_rate":…,"age":…} or null}` |
/// | `GET /events/motion?interval=0.1` | `motion` events every `interval` s (0.01…10, default 0.1) |
/// | `GET /events/steps` | a `today` event, then a `steps` event per step |
/// | `GET /events/heart-rate` | a `latest` event (the last stored rate), then a `beat` event per heartbeat |
/// | `GET /events/altitude?interval=1` | `altitude` events (with the day's flights) every `interval` s (0.01…10) |
///
/// Every stream starts with an `availability` event and sends another whenever the reading comes or goes.
public enum ReadingsWebRoutes {
    /// The shortest and longest motion interval a stream may ask for, s.
    public static let motionIntervals = 0.01...10.0
    /// The longest range `per=minute` may cover, s (a week: 10 080 rows).
    public static let longestMinuteRange = 7 * 86400.0

    /// Adds every route to `router`; `now` is the wall clock (Unix time, s; nil: the system's), replaceable in tests.
    public static func install(
        on router: inout HTTPRouter, provider: any ReadingsProvider, now: (@Sendable () -> Double)? = nil
    ) {
        let now = now ?? { WallClock.now() }
        DashboardPage.install(on: &router)
        router.add(.get, "/api/available") { _ in
            json(
                .object(ServiceReading.shown.map { ($0.name, ReadingJSON.availability(provider.availability(of: $0))) })
            )
        }
        router.add(.get, "/api/steps/today") { _ in
            answer {
                let bucket = try provider.stepsToday()
                return merge(
                    ReadingJSON.availability(provider.availability(of: .steps)), ReadingJSON.stepsToday(bucket))
            }
        }
        router.add(.get, "/api/steps") { request in
            stepsHistory(request, provider: provider, now: now())
        }
        router.add(.get, "/api/heart-rate/latest") { _ in
            answer {
                let latest = try provider.latestHeartRate()
                return merge(
                    ReadingJSON.availability(provider.availability(of: .heartRate)),
                    .object([("latest", latest.map { ReadingJSON.heartRateSample($0, now: now()) } ?? .null)]))
            }
        }
        ReadingEvents.install(on: &router, provider: provider, now: now)
    }

    /// `/api/steps`: the query of `history steps`, from the same text parameters, answered by the provider.
    private static func stepsHistory(_ request: HTTPRequest, provider: any ReadingsProvider, now: Double) -> HTTPReply {
        let query: HistoryQuery
        do throws(HistoryQueryError) {
            query = try HistoryQuery(
                reading: .steps, from: request.query["from"], to: request.query["to"], per: request.query["per"],
                now: now)
        } catch {
            return refuse("\(error)")
        }
        if query.granularity == .minute, query.range.end - query.range.start > longestMinuteRange {
            return refuse("per=minute covers at most 7 days; ask per=hour or per=day for longer ranges")
        }
        return answer { try provider.history(query).json }
    }

    /// 200 with `value`, or 503 with `{"error":…}` when the provider could not answer.
    static func answer(_ body: () throws -> JSONValue) -> HTTPReply {
        do {
            return json(try body())
        } catch {
            return json(.object([("error", .string("\(error)"))]), status: .serviceUnavailable)
        }
    }

    /// 400 with `{"error":…}`.
    static func refuse(_ reason: String) -> HTTPReply {
        json(.object([("error", .string(reason))]), status: .badRequest)
    }

    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPReply {
        var response = HTTPResponse(
            status: status, contentType: "application/json", body: Array((value.rendered + "\n").utf8))
        response.headers.add("Cache-Control", "no-store")
        return .response(response)
    }

    /// The members of two objects, `first`'s first.
    private static func merge(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        guard case .object(let a) = first, case .object(let b) = second else { return first }
        return .object(a + b)
    }
}
