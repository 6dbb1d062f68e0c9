import BodyReadings
import Foundation
import ReadingFormats
import TestSupport
import Testing
import TextFormats

/// `bodyreadings serve` answers requests whose numbers lie outside what it accepts with an error reply naming the
/// accepted range, and goes on serving: no number a client sends reaches a conversion that traps.
@Suite("serve: hostile requests")
struct ServeHostileRequestTests {
    /// The history reply to `query`, and whether the service still answers `status` afterwards.
    private func historyReply(_ query: ServiceHistoryQuery, on connection: ServiceConnection) throws
        -> (ok: Bool, error: String?, body: JSONValue?)
    {
        try connection.send(ServiceRequest(.history(query)))
        while let event = try connection.next() {
            // A request refused as it is parsed is answered `error`, one refused by the store `history`.
            if case .reply(let op, _, let ok, let error, let body) = event, op == "history" || op == "error" {
                return (ok, error, body)
            }
        }
        Issue.record("the service closed the connection instead of answering \(query)")
        return (false, nil, nil)
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func timesBeyondTheCalendarGetAnErrorAndTheServiceGoesOn() throws {
        let serve = try ServeCommandTests.RunningServe()
        defer { serve.process.terminate() }
        let connection = try ServiceConnection(path: serve.socket)
        // 1e20 s trapped converting to whole seconds; 9.3e18 is just past Int64; 253402300801 is the first second
        // after the last the calendar holds.
        let far: [Double] = [1e20, 9.3e18, 1.7976931348623157e308, 253_402_300_801]
        for reading in [ServiceReading.motion, .steps, .heartRate] {
            for time in far {
                for query in [
                    ServiceHistoryQuery(reading: reading, from: time), ServiceHistoryQuery(reading: reading, to: time),
                    ServiceHistoryQuery(reading: reading, from: 0, to: time, per: .day),
                ] {
                    let reply = try historyReply(query, on: connection)
                    #expect(!reply.ok, "\(query)")
                    #expect(reply.error?.contains("from 0 (1970-01-01) to 253402300800 (10000-01-01)") == true,
                            "\(query): \(reply.error ?? "no error")")
                }
            }
        }
        #expect(serve.process.isRunning, "\(serve.stderr)")
        // The edges themselves are answered, with dates people can read.
        for reading in [ServiceReading.motion, .steps, .heartRate] {
            for per in ServiceHistoryQuery.Period.allCases {
                let query = ServiceHistoryQuery(reading: reading, from: 253_402_300_000, to: 253_402_300_800, per: per)
                let reply = try historyReply(query, on: connection)
                #expect(reply.ok, "\(query): \(reply.error ?? "")")
                let from = reply.body?["from"]?.stringValue ?? ""
                #expect(from.hasPrefix("9999-12-") || from.hasPrefix("10000-01-01"), "\(query): \(from)")
            }
        }
        try connection.send(ServiceRequest(.status))
        var answered = false
        while !answered, let event = try connection.next() {
            if case .reply(let op, _, let ok, _, _) = event, op == "status" { answered = ok }
        }
        #expect(answered && serve.process.isRunning, "\(serve.stderr)")
    }
}
