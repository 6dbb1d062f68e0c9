import Barometry
import Fusion
import MotionMath
import Pedometry
import Pulse
import ReadingsWeb
import Testing

@testable import BodyReadingsCLI

/// The terminal dashboard's pure part: the model folded from updates, and the screen it makes for a size — exactly
/// the terminal's lines and columns at every size, the arrangement the size calls for, values where readings are
/// measured, the reason where they are not, and never a made-up number.
@Suite("dashboard layout")
struct DashboardLayoutTests {
    /// 100 s on the dashboard's clock.
    static let now = 100.0

    static func estimate(userAcceleration: Vector3 = Vector3(0.3, 0.4, 0), roll: Double = 0.2) -> MotionEstimate {
        MotionEstimate(
            t: 12, attitude: Quaternion(axis: Vector3(1, 0, 0), angle: roll), rotationRate: Vector3(0, 0, 0.5),
            gravity: Vector3(0.01, 1.95, 9.61), userAcceleration: userAcceleration, gyroBias: .zero, isResting: false,
            isMagneticallyDisturbed: false)
    }

    /// All four readings measured: 72 bpm a second ago, 4208 steps walking at 112 steps/min, motion, and the altitude
    /// climbing to 3.02 m over the last 30 s with 2 floors up and 1 down today.
    static var measured: DashboardModel {
        var model = DashboardModel(source: "sim (seed 1)")
        for second in 0..<30 {
            let at = now - 30 + Double(second)
            model.apply(ReadingUpdate.reading(estimate(userAcceleration: Vector3(Double(second) / 30, 0, 0))), at: at)
            model.apply(
                ReadingUpdate.reading(
                    StepsUpdate(
                        step: Step(t: at, count: 4179 + second, cadence: 112, activity: .walking), today: 4179 + second)),
                at: at)
            model.apply(
                ReadingUpdate.reading(Beat(t: at, rrInterval: 0.83, heartRate: 60 + Double(second) * 0.4, quality: .good)),
                at: at)
            model.apply(
                ReadingUpdate.reading(
                    AltitudeUpdate(
                        reading: AltitudeReading(
                            t: at, pressure: 101.3 - Double(second) * 0.0012, relativeAltitude: Double(second) * 0.104),
                        floorsAscended: 2, floorsDescended: 1)),
                at: at)
        }
        return model
    }

    /// No reading measured, each for its reason.
    static var unavailable: DashboardModel {
        var model = DashboardModel(source: "serve /run/bodyreadings/serve.sock: iio local")
        model.heartRateAvailability = .unavailable(reason: "no PPG sensor found")
        model.stepsAvailability = .unavailable(reason: "this service does not count steps yet")
        model.motionAvailability = .unavailable(reason: "the accelerometer vanished")
        model.altitudeAvailability = .unavailable(reason: "no barometer found")
        return model
    }

    static let sizes = [(100, 30), (80, 24), (64, 18), (63, 18), (64, 17), (40, 20), (24, 13), (23, 13), (30, 8), (10, 3), (1, 1)]

    @Test(arguments: sizes)
    func everySizeGetsExactlyItsLinesAndColumns(width: Int, height: Int) {
        for model in [Self.measured, Self.unavailable, DashboardModel(source: "sim")] {
            let lines = DashboardLayout.lines(model, now: Self.now, width: width, height: height)
            #expect(lines.count == height, "\(width)×\(height)")
            #expect(lines.allSatisfy { $0.width == width }, "\(width)×\(height): \(lines.map(\.width))")
        }
    }

    @Test func theSizeChoosesTheArrangement() {
        #expect(DashboardLayout.arrangement(width: 100, height: 30) == .wide)
        #expect(DashboardLayout.arrangement(width: 64, height: 18) == .wide)
        #expect(DashboardLayout.arrangement(width: 63, height: 18) == .column)
        #expect(DashboardLayout.arrangement(width: 64, height: 17) == .column)
        #expect(DashboardLayout.arrangement(width: 24, height: 13) == .column)
        #expect(DashboardLayout.arrangement(width: 23, height: 13) == .summary)
        #expect(DashboardLayout.arrangement(width: 80, height: 12) == .summary)
    }

    @Test func wideShowsHeartRateStepsAndFlightsSideBySideAndMotionBelowWithTheHorizon() {
        let lines = DashboardLayout.lines(Self.measured, now: Self.now, width: 100, height: 30).map(\.text)
        #expect(lines[0].hasPrefix("BodyReadings · sim (seed 1)") && lines[0].hasSuffix("q quits"))
        #expect(lines[1].contains("Heart Rate") && lines[1].contains("Steps Today") && lines[1].contains("Flights Today"),
            "\(lines[1])")
        #expect((lines.firstIndex { $0.contains("Live Motion") } ?? 0) > 1)
        let screen = lines.joined(separator: "\n")
        #expect(screen.contains("72 bpm"), "the newest rate: 60 + 29 · 0.4 = 71.6, shown whole")
        #expect(screen.contains("good beat · 1 s ago"))
        #expect(screen.contains("4208 steps"))
        #expect(screen.contains("walking · 112 steps/min"))
        #expect(screen.contains("2 floors"))
        #expect(screen.contains("+3.02 m · 1 down · 101.27 kPa"), "the newest altitude, the floors down, the pressure")
        #expect(screen.contains("user acceleration 0.967 m/s²"), "29/30 along x")
        #expect(screen.contains("x   0.01  y   1.95  z   9.61 m/s²"))
        #expect(screen.contains("roll   11.5°"), "0.2 rad")
        #expect(screen.contains("rotation rate 0.50 rad/s"))
        #expect(screen.contains("░") && screen.contains("+"), "the attitude indicator")
        #expect(screen.contains(Sparkline.blocks.last.map(String.init) ?? "█"), "sparklines")
    }

    @Test(arguments: [(100, 30), (40, 20), (30, 12)])
    func anUnavailableReadingSaysWhyAndShowsNoNumber(width: Int, height: Int) {
        let screen = DashboardLayout.lines(Self.unavailable, now: Self.now, width: width, height: height)
            .map(\.text).joined(separator: "\n")
        for reason in ["PPG", "steps", "vanished", "barometer"] {
            #expect(screen.contains(reason), "\(width)×\(height):\n\(screen)")
        }
        #expect(screen.contains("unavailable"))
        let digits = screen.filter { $0.isNumber }
        #expect(digits.isEmpty, "\(width)×\(height): no reading, no digit:\n\(screen)")
    }

    @Test func readingsNotReceivedYetAreAwaitedNotZero() {
        let screen = DashboardLayout.lines(DashboardModel(source: "sim"), now: 0, width: 100, height: 24)
            .map(\.text).joined(separator: "\n")
        #expect(screen.contains("waiting for the first beat…"))
        #expect(screen.contains("waiting for the first step…"))
        #expect(screen.contains("waiting for the sensors…"))
        #expect(screen.contains("waiting for the barometer…"))
        #expect(!screen.contains("0 bpm") && !screen.contains("0 steps"))
    }

    @Test func anOldHeartRateIsShownAsTheLastOneNotTheCurrentOne() {
        var model = Self.measured
        model.apply(ReadingUpdate.reading(Beat(t: 0, rrInterval: 0.5, heartRate: nil, quality: .poor)), at: Self.now)
        let later = Self.now + 20
        let card = DashboardCards.heartRate(model, now: later, width: 40).map(\.text)
        #expect(card.first == "-- bpm")
        #expect(card.dropFirst().first == "last 72 bpm 21 s ago; now poor", "\(card)")
    }

    @Test func aRejectedAccelerometerReadingIsNotANumber() {
        var model = DashboardModel(source: "sim")
        model.apply(ReadingUpdate.reading(Self.estimate(userAcceleration: Vector3(.nan, .nan, .nan))), at: 1)
        let card = DashboardCards.motion(model, now: 1, width: 60).map(\.text)
        #expect(card.first == "user acceleration -- m/s²", "\(card)")
        #expect(!card.joined().contains("nan"))
        #expect(model.accelerationHistory.isEmpty, "NaN is not a value of the sparkline")
    }

    @Test func aReadingThatStopsTurnsItsCardIntoTheReason() {
        var model = Self.measured
        model.apply(ReadingUpdate<MotionEstimate>.availability(.unavailable(reason: "the sensors stopped")), at: Self.now)
        let card = DashboardCards.motion(model, now: Self.now, width: 60).map(\.text)
        #expect(card == ["unavailable: the sensors stopped"])
    }

    @Test func theNarrowColumnKeepsEveryMotionValue() {
        let lines = DashboardLayout.lines(Self.measured, now: Self.now, width: 40, height: 24).map(\.text)
        let titles = ["Heart Rate", "Steps Today", "Flights Today", "Live Motion"].map { title in
            lines.firstIndex { $0.contains(title) } ?? -1
        }
        #expect(titles == titles.sorted() && titles[0] >= 0, "one below the other: \(titles)")
        let screen = lines.joined(separator: "\n")
        for value in ["72 bpm", "4208 steps", "user accel. 0.967 m/s²", "gravity 0.01 1.95 9.61 m/s²", "roll 11.5°", "yaw"] {
            #expect(screen.contains(value), "\(value):\n\(screen)")
        }
    }

    @Test func theSummaryWrapsEachReadingOnItsShareOfLines() {
        let lines = DashboardLayout.lines(Self.unavailable, now: Self.now, width: 30, height: 9).map(\.text)
        #expect(lines[0].hasPrefix("BodyReadings · q quits"))
        #expect(lines[1].hasPrefix("Heart Rate: unavailable: no"))
        #expect(lines[2].hasPrefix("PPG sensor found"))
        #expect(lines[3].hasPrefix("Steps Today: unavailable:"))
        #expect(lines[5].hasPrefix("Flights Today: unavailable:"))
        #expect(lines[6].hasPrefix("barometer found"))
        #expect(lines[7].hasPrefix("Live Motion: unavailable: the"))
    }

    /// At 80 columns the three top cards are 26 wide: their secondary lines wrap or shorten rather than being cut.
    @Test func theTopRowAt80ColumnsCutsNothingThatMatters() {
        let screen = DashboardLayout.lines(Self.measured, now: Self.now, width: 80, height: 24).map(\.text)
            .joined(separator: "\n")
        for text in ["72 bpm", "good beat · 1 s ago", "4208 steps", "walking · 112/min", "2 floors", "+3.02 m · 1 down",
            "m altitude", "bpm", "steps per 10 s"] {
            #expect(screen.contains(text), "\(text):\n\(screen)")
        }
        let waiting = DashboardLayout.lines(DashboardModel(source: "sim"), now: 0, width: 80, height: 24).map(\.text)
            .joined(separator: "\n")
        #expect(waiting.contains("waiting for the first") && waiting.contains("beat…") && waiting.contains("barometer…"))
        let still = DashboardCards.steps(Self.measured, now: Self.now + 30, width: 22).map(\.text)
        #expect(still.prefix(2) == ["4208 steps", "still · 31 s ago"], "said shorter, on one row: \(still)")
    }

    @Test func theAltitudesTraceIsDrawnOverAtLeastThreeMetres() {
        // Centimetres of noise on a level floor: a flat line, not swings from the bottom to the top.
        let level = Sparkline.line([0.01, -0.02, 0.03, 0, -0.01], minimumRange: 3)
        #expect(Set(level) == ["▄"] || Set(level).isSubset(of: ["▄", "▅"]), "\(level)")
        #expect(Sparkline.line([0.01, -0.02, 0.03, 0, -0.01]).contains("█"), "without it the noise fills the row")
        #expect(Sparkline.line([0, 3, 6], minimumRange: 3) == "▁▄█", "a range over the minimum is its own")
    }

    @Test func columnHeightsGiveEachCardItsLinesAndTheRestToMotion() {
        #expect(DashboardLayout.shares(of: 22, wanted: [4, 4, 9], minimum: 3) == [4, 4, 14])
        #expect(DashboardLayout.shares(of: 12, wanted: [6, 6, 9], minimum: 3) == [4, 4, 4])
        #expect(DashboardLayout.shares(of: 20, wanted: [7, 7, 9], minimum: 3) == [6, 6, 8])
    }
}
