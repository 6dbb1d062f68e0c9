import Foundation
import ReadingsWeb
import TestSupport
import Testing

/// The JSON API and the event streams, with curl, on the simulated provider.
@Suite(.enabled(if: Subprocess.locate("curl") != nil, "needs curl (scripts/install-deps installs it)"))
struct ReadingsWebAPITests {
    @Test func availabilitySaysWhyAReadingIsMissing() throws {
        let web = try WebServer(unavailable: [.heartRate: "no PPG sensor found"])
        let (status, body) = try web.get("/api/available")
        #expect(status == 200)
        #expect(
            body
                == #"{"motion":{"available":true},"steps":{"available":true},"heart_rate":{"available":false,"#
                + #""reason":"no PPG sensor found"},"altitude":{"available":true}}"# + "\n")
        let latest = try web.json("/api/heart-rate/latest").value
        #expect(latest["available"] as? Bool == false)
        #expect(latest["reason"] as? String == "no PPG sensor found")
        #expect(latest["latest"] is NSNull, "no number where there is no reading")
    }

    @Test func stepsTodayAndTheLatestHeartRate() throws {
        let web = try WebServer()
        let today = try web.json("/api/steps/today")
        #expect(today.status == 200)
        #expect(today.value["available"] as? Bool == true)
        #expect((today.value["steps"] as? Int ?? 0) >= 4180)
        #expect((today.value["from"] as? String)?.hasSuffix(":00") == true)
        let latest = try web.json("/api/heart-rate/latest").value
        let sample = latest["latest"] as? [String: Any]
        #expect(sample?["heart_rate"] as? Double == 68)
        #expect(sample?["age"] as? Double == 90)
    }

    @Test func stepsHistoryTakesTheHistoryCommandsParameters() throws {
        let web = try WebServer()
        let hours = try web.json("/api/steps?from=2026-11-30T08:00Z&to=2026-11-30T11:00Z&per=hour")
        #expect(hours.status == 200)
        #expect(hours.value["reading"] as? String == "steps")
        #expect(hours.value["per"] as? String == "hour")
        let buckets = hours.value["buckets"] as? [[String: Any]] ?? []
        #expect(buckets.count == 3)
        #expect(buckets.first?["steps"] as? Int ?? 0 > 0)
        #expect(try web.json("/api/steps").status == 200, "today per day by default")
        let refused = try web.json("/api/steps?per=fortnight")
        #expect(refused.status == 400)
        #expect((refused.value["error"] as? String)?.contains("fortnight") == true)
        #expect(try web.json("/api/steps?from=yesterday").status == 400)
        #expect(try web.json("/api/steps?to=2026-11-30").status == 400, "an end needs a start")
        let long = try web.json("/api/steps?from=2026-11-01&to=2026-11-30&per=minute")
        #expect(long.status == 400)
        #expect((long.value["error"] as? String)?.contains("7 days") == true)
    }

    @Test func aFailingStoreIs503WithTheReason() throws {
        let web = try WebServer(failing: true)
        let today = try web.json("/api/steps/today")
        #expect(today.status == 503)
        #expect(today.value["error"] as? String == "the readings store is not readable (simulated)")
        #expect(try web.json("/api/steps?per=hour").status == 503)
        #expect(try web.json("/api/heart-rate/latest").status == 503)
    }

    @Test func motionStreamsAtTheIntervalAskedFor() throws {
        let web = try WebServer()
        let start = Date()
        let events = try web.events("/events/motion?interval=0.05") { $0.filter { $0.event == "motion" }.count >= 30 }
        let elapsed = Date().timeIntervalSince(start)
        #expect(events.first?.event == "availability")
        #expect(events.first?.data["available"] as? Bool == true)
        let motion = events.filter { $0.event == "motion" }
        #expect(motion.count >= 30, "\(motion.count) motion events")
        // Not faster than asked: 30 events 0.05 s apart take 1.45 s of real time at least (a loaded machine only
        // makes them slower).
        #expect(elapsed >= 1.4, "30 events in \(elapsed) s")
        let times = motion.compactMap { $0.data["t"] as? Double }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - 0.05) < 0.0051 }, "\(gaps)")
        let gravity = motion.first?.data["gravity"] as? [String: Double] ?? [:]
        let norm = (gravity.values.map { $0 * $0 }.reduce(0, +)).squareRoot()
        #expect(abs(norm - 9.80665) < 1e-9)
        #expect(motion.first?.data.keys.sorted() == ["attitude", "gravity", "rotation_rate", "t", "user_acceleration"])
        for bad in ["0", "0.001", "11", "abc", "nan"] {
            #expect(try web.get("/events/motion?interval=\(bad)").status == 400, "\(bad)")
        }
        #expect(waitUntil { web.provider.subscriptionCount == 0 }, "subscriptions end with their clients")
    }

    @Test func stepsAndHeartbeatStreams() throws {
        let web = try WebServer()
        let steps = try web.events("/events/steps") { events in events.contains { $0.event == "steps" } }
        #expect(steps.map(\.event).prefix(2) == ["today", "availability"])
        let step = steps.first { $0.event == "steps" }?.data
        #expect(step?["activity"] as? String == "walking")
        #expect(step?["cadence"] as? Double == 118)
        #expect((step?["today"] as? Int ?? 0) > 4180)
        let beats = try web.events("/events/heart-rate") { events in events.contains { $0.event == "beat" } }
        #expect(beats.first?.event == "latest")
        #expect(beats.first?.data["heart_rate"] as? Double == 68)
        let beat = beats.first { $0.event == "beat" }?.data
        #expect(beat?["quality"] as? String != nil)
        #expect(beat?.keys.sorted() == ["heart_rate", "quality", "rr_interval", "t"])
        let altitudes = try web.events("/events/altitude?interval=0.2") { events in
            events.filter { $0.event == "altitude" }.count >= 3
        }
        #expect(altitudes.first?.event == "availability")
        let heights = altitudes.filter { $0.event == "altitude" }.map(\.data)
        #expect(heights.allSatisfy {
            $0.keys.sorted() == ["floors_ascended", "floors_descended", "pressure", "relative_altitude", "t"]
        })
        let times = heights.compactMap { $0["t"] as? Double }
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.2) < 0.05 }, "every 0.2 s: \(times)")
        #expect(heights.allSatisfy { ($0["floors_ascended"] as? Int ?? 0) >= 7 }, "today's, with those before")
        let (status, _) = try web.get("/events/altitude?interval=100")
        #expect(status == 400)
    }

    @Test func anUnavailableStreamSaysWhyAndSendsNothingElse() throws {
        let web = try WebServer(unavailable: [.steps: "no accelerometer"])
        let events = try web.events("/events/steps", seconds: 1.2)
        let kinds = Set(events.map(\.event))
        #expect(kinds == ["today", "availability"])
        let availability = events.first { $0.event == "availability" }?.data
        #expect(availability?["available"] as? Bool == false)
        #expect(availability?["reason"] as? String == "no accelerometer")
    }

    @Test func theDashboardIsServedWithNothingFromOutside() throws {
        let web = try WebServer()
        let page = try Subprocess.run("curl", ["-sS", "-i", web.base + "/"]).text
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(page.contains("Content-Type: text/html; charset=utf-8\r\n"))
        #expect(page.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
        #expect(page.contains("<title>BodyReadings</title>"))
        let script = try web.get("/dashboard.js")
        #expect(script.status == 200 && script.body.contains("new EventSource"))
        #expect(try web.get("/dashboard.css").status == 200)
        // No address outside the server: every resource is relative.
        for body in [page, script.body, try web.get("/dashboard.css").body] {
            #expect(!body.contains("http://") && !body.contains("https://") && !body.contains("//cdn"))
        }
    }
}
