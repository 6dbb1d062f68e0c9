import Foundation
import TestSupport
import Testing

/// The dashboard in a real browser (Debian's headless Chromium), against a real server process: the four cards
/// show live values that change (in one row on a wide screen, the flights' altitude trace drawn), nothing is a zero where a reading is missing, the streams come back after the
/// server restarts, a phone gets one column, and no script error occurs. Screenshots go to
/// `$BODYREADINGS_SCREENSHOTS` (docs/'s are made with `BODYREADINGS_SCREENSHOTS=docs`), else `.build/screenshots`.
@Suite(
    .serialized,
    .enabled(if: HeadlessBrowser.path != nil, "needs chromium-headless-shell (scripts/install-deps installs it)"),
    .enabled(if: WebRig.rigPath != nil, "needs bodyreadings-web-rig (swift build builds it)"))
struct DashboardBrowserTests {
    /// What the page shows, read from its DOM.
    struct Card: Equatable {
        var state: String
        var value: String
        var detail: String
        var time: String
    }

    static let cards = [
        "heart": "heart-rate", "steps": "steps-today", "motion": "user-acceleration", "flights": "flights-today",
    ]

    private func read(_ browser: HeadlessBrowser) throws -> [String: Card] {
        var result: [String: Card] = [:]
        for (card, value) in Self.cards {
            let fields =
                try browser.evaluate(
                    """
                    [document.getElementById('\(card)-card').dataset.state || '',
                     document.getElementById('\(value)').textContent,
                     document.getElementById('\(card)-card').querySelector('.detail').textContent,
                     document.getElementById('\(card)-card').dataset.t || '']
                    """) as? [String] ?? []
            guard fields.count == 4 else { continue }
            result[card] = Card(state: fields[0], value: fields[1], detail: fields[2], time: fields[3])
        }
        return result
    }

    private func errors(_ browser: HeadlessBrowser) throws -> String {
        try browser.evaluate("document.getElementById('errors').textContent") as? String ?? "?"
    }

    private static let allLive = Self.cards.keys.map {
        "document.getElementById('\($0)-card').dataset.state === 'live'"
    }
    .joined(separator: " && ")

    private func save(_ png: Data, as name: String) throws {
        let directory =
            ProcessInfo.processInfo.environment["BODYREADINGS_SCREENSHOTS"]
            .map { $0.hasPrefix("/") ? $0 : PackagePaths.file($0) } ?? PackagePaths.file(".build/screenshots")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try png.write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    @Test func theFourCardsShowLiveValuesThatChange() throws {
        let rig = try WebRig()
        let browser = try HeadlessBrowser()
        try browser.setViewport(width: 1200, height: 800)
        try browser.open(rig.url)
        let live = try browser.wait(until: Self.allLive, timeout: 20)
        let shown = try read(browser)
        #expect(live, "\(shown)")
        let first = try read(browser)
        // The motion value, read every 0.5 s: two reads a few seconds apart can show the same rounded magnitude
        // by chance (0.77 and 0.77 once, under load), seven cannot unless the card is stuck.
        var motionValues: Set<String> = [first["motion"]?.value ?? ""]
        for _ in 0..<6 {
            try browser.pump(for: 0.5)
            if let value = try read(browser)["motion"]?.value { motionValues.insert(value) }
        }
        let second = try read(browser)
        for card in Self.cards.keys {
            let (before, after) = (first[card], second[card])
            #expect(after?.state == "live", "\(card): \(String(describing: after))")
            #expect(Double(after?.value.replacingOccurrences(of: ",", with: "") ?? "") != nil, "\(card) shows a number")
            #expect(before?.time != after?.time, "\(card) received new readings: \(String(describing: before))")
        }
        let stepsBefore = Int(first["steps"]?.value.replacingOccurrences(of: ",", with: "") ?? "") ?? 0
        let stepsAfter = Int(second["steps"]?.value.replacingOccurrences(of: ",", with: "") ?? "") ?? 0
        #expect(stepsAfter > stepsBefore, "a step every 0.5 s")
        #expect(motionValues.count > 1, "the motion card's value changes: \(motionValues)")
        #expect(try browser.evaluate("document.getElementById('connection').dataset.state") as? String == "live")
        let roll = try browser.evaluate("document.getElementById('roll').textContent") as? String
        #expect(roll != "–", "attitude drawn")
        // Let the sparklines fill a little for the picture.
        try browser.pump(for: 5)
        try save(try browser.screenshot(), as: "dashboard.png")
        #expect(try errors(browser) == "")
        #expect(browser.problems.isEmpty, "\(browser.problems)")
    }

    @Test func theFlightsCardSitsInTheRowAndCountsTheFloorsWithTheAltitudeTrace() throws {
        let rig = try WebRig()
        let browser = try HeadlessBrowser()
        try browser.setViewport(width: 1200, height: 800)
        try browser.open(rig.url)
        #expect(try browser.wait(until: Self.allLive, timeout: 20))
        let tops =
            try browser.evaluate(
                "['heart', 'steps', 'motion', 'flights', 'attitude'].map((card) => "
                    + "Math.round(document.getElementById(card + '-card').getBoundingClientRect().top))") as? [Int] ?? []
        #expect(tops.count == 5 && Set(tops.prefix(4)).count == 1 && tops[4] > tops[0], "four in a row: \(tops)")
        let widths =
            try browser.evaluate(
                "[...document.querySelectorAll('.card:not(.attitude)')].map((card) => "
                    + "Math.round(card.getBoundingClientRect().width))") as? [Int] ?? []
        #expect(widths.count == 4 && Set(widths).count == 1, "of one width: \(widths)")
        // The rig climbs a floor in the first 12 s of every 30 s, from 7 floors before: the count goes up.
        let first = try #require(try read(browser)["flights"])
        #expect(first.state == "live" && first.detail.contains(" m · 2 down · ") && first.detail.hasSuffix(" kPa"), "\(first)")
        let start = try #require(Int(first.value), "\(first)")
        #expect(start >= 7)
        let climbed = try browser.wait(
            until: "Number(document.getElementById('flights-today').textContent) > \(start)", timeout: 40)
        let after = try read(browser)["flights"]
        #expect(climbed, "\(String(describing: after))")
        // The trace is drawn: the canvas has opaque pixels of the line.
        let drawn =
            try browser.evaluate(
                """
                (() => { const c = document.getElementById('altitude-spark');
                  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 200) n++; return n; })()
                """) as? Int ?? 0
        #expect(drawn > 100, "the altitude trace has \(drawn) opaque pixels")
        #expect(try errors(browser) == "")
        #expect(browser.problems.isEmpty, "\(browser.problems)")
    }

    @Test func aMissingReadingSaysWhyAndNeverShowsZero() throws {
        let reason = "no PPG sensor found (max30102, max30100 or afe4404)"
        let rig = try WebRig(arguments: ["--unavailable", "heart_rate=\(reason)"])
        let browser = try HeadlessBrowser()
        try browser.setViewport(width: 1200, height: 900)
        try browser.open(rig.url)
        #expect(
            try browser.wait(
                until: "document.getElementById('heart-card').dataset.state === 'unavailable'"
                    + " && document.getElementById('motion-card').dataset.state === 'live'",
                timeout: 20))
        try browser.pump(for: 1)
        let heart = try read(browser)["heart"]
        #expect(heart?.state == "unavailable")
        #expect(heart?.value == "Unavailable")
        #expect(heart?.detail == reason)
        #expect(try errors(browser) == "")
        #expect(browser.problems.isEmpty, "\(browser.problems)")
    }

    @Test func theStreamsComeBackWhenTheServerReturns() throws {
        var rig: WebRig? = try WebRig()
        let port = try #require(rig?.port)
        let browser = try HeadlessBrowser()
        try browser.open("http://127.0.0.1:\(port)/")
        #expect(try browser.wait(until: Self.allLive, timeout: 20))
        rig = nil
        #expect(
            try browser.wait(until: "document.getElementById('connection').dataset.state !== 'live'", timeout: 10),
            "the page noticed")
        let before = try read(browser)["motion"]?.time
        rig = try WebRig(port: port)
        #expect(
            try browser.wait(until: "document.getElementById('connection').dataset.state === 'live'", timeout: 20),
            "reconnected")
        try browser.pump(for: 1)
        #expect(try read(browser)["motion"]?.time != before, "new readings after the return")
        #expect(try errors(browser) == "")
    }

    @Test func aPhoneGetsOneReadableColumn() throws {
        let rig = try WebRig()
        let browser = try HeadlessBrowser()
        try browser.setViewport(width: 390, height: 844, scale: 2, mobile: true)
        try browser.open(rig.url)
        #expect(try browser.wait(until: Self.allLive, timeout: 20))
        let lefts =
            try browser.evaluate(
                "[...document.querySelectorAll('.card')].map((card) => Math.round(card.getBoundingClientRect().left))")
            as? [Int] ?? []
        #expect(lefts.count == 5 && Set(lefts).count == 1, "one column: \(lefts)")
        let fits = try browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth") as? Bool
        #expect(fits == true, "no sideways scrolling")
        try browser.pump(for: 4)
        let height = try browser.evaluate("document.documentElement.scrollHeight") as? Int ?? 844
        try browser.setViewport(width: 390, height: height, scale: 2, mobile: true)
        try browser.pump(for: 0.5)
        try save(try browser.screenshot(), as: "dashboard-phone.png")
        #expect(try errors(browser) == "")
        #expect(browser.problems.isEmpty, "\(browser.problems)")
    }

    /// `bodyreadings serve --source sim --http …`: every card the service has a reading for shows live values that
    /// change, every other says the service's reason (as `/api/available` states it), never a zero.
    @Test(.enabled(if: WebRig.servePath != nil, "needs the built bodyreadings"))
    func theServiceServesTheDashboard() throws {
        let serve = try WebRig(.serve)
        let available = try serve.json("/api/available").value
        let live = Self.cards.keys.filter { card in
            ((available[Self.readings[card] ?? ""] as? [String: Any])?["available"] as? Bool) == true
        }
        #expect(live.contains("motion"), "the simulated IMU gives device motion: \(available)")
        let browser = try HeadlessBrowser()
        try browser.setViewport(width: 1200, height: 800)
        try browser.open(serve.url)
        let settled = Self.cards.keys.map { card in
            "document.getElementById('\(card)-card').dataset.state === '\(live.contains(card) ? "live" : "unavailable")'"
        }
        let didSettle = try browser.wait(until: settled.joined(separator: " && "), timeout: 20)
        let shown = try read(browser)
        #expect(didSettle, "\(shown)")
        if live.contains("steps") {
            // The simulated IMU starts walking 6.6 s into its demo: steps change only from then on.
            let walking = try browser.wait(
                until: "Number(document.getElementById('steps-today').textContent.replace(/,/g, '')) > 0", timeout: 30)
            let shownSteps = try read(browser)
            #expect(walking, "steps were counted: \(shownSteps)")
        }
        let updates = "Number(document.getElementById('motion-card').dataset.updates)"
        let first = try read(browser)
        let updatesBefore = try browser.evaluate(updates) as? Int ?? 0
        try browser.pump(for: 2)
        let second = try read(browser)
        let updatesAfter = try browser.evaluate(updates) as? Int ?? 0
        // The simulated device of `serve --source sim` lies still: the numbers may stay, the updates flow (0.1 s).
        #expect(updatesAfter - updatesBefore >= 5, "motion updates in 2 s: \(updatesAfter - updatesBefore)")
        for card in Self.cards.keys {
            let after = second[card]
            if live.contains(card) {
                #expect(after?.state == "live", "\(card): \(String(describing: after))")
                #expect(Double(after?.value.replacingOccurrences(of: ",", with: "") ?? "") != nil, "\(card) number")
                #expect(first[card]?.time != after?.time, "\(card) received new readings")
            } else {
                let reason = (available[Self.readings[card] ?? ""] as? [String: Any])?["reason"] as? String
                #expect(after?.state == "unavailable" && after?.value == "Unavailable", "\(card): \(String(describing: after))")
                #expect(after?.detail == reason, "\(card) says the service's reason")
            }
        }
        try save(try browser.screenshot(), as: "dashboard-serve.png")
        #expect(try errors(browser) == "")
        #expect(browser.problems.isEmpty, "\(browser.problems)")
    }

    /// The API's name of each card's reading.
    static let readings = ["heart": "heart_rate", "steps": "steps", "motion": "motion", "flights": "altitude"]
}
