import MotionMath
import Pedometry
import Pulse
import ReadingFormats
import ReadingsWeb
import Testing
import TextFormats

@testable import BodyReadingsCLI

/// The pieces of the terminal dashboard's screen: sparklines, the recent series behind them, the attitude
/// indicator, card boxes, the escape sequences of a frame, and the service's step and beat lines read back.
@Suite("dashboard pieces")
struct DashboardPiecesTests {
    @Test func aSparklineScalesToItsRangeAndLeavesGapsBlank() {
        #expect(Sparkline.line([nil, 0, 5, 10], floor: 0) == " ▁▄█", "the smallest still shows")
        #expect(Sparkline.line([60, 70, 80]) == "▁▄█", "scaled from the smallest value without a floor")
        #expect(Sparkline.rows([0, 5, 10, nil], floor: 0, height: 2) == ["  █ ", "▁██ "], "10 fills both rows, 5 one")
        #expect(Sparkline.rows([0, 3, 10], floor: 0, height: 2) == ["  █", "▁▅█"], "3/10 of 16 eighths: 5")
        #expect(Sparkline.line([3, 3]) == "▁▁", "flat")
        #expect(Sparkline.line([nil, nil]) == "  ")
    }

    @Test func aRecentSeriesBucketsCombinesAndForgets() {
        var peaks = RecentSeries(bucket: 1, capacity: 3, combine: .maximum)
        peaks.add(0.5, at: 10.1)
        peaks.add(0.9, at: 10.7)
        peaks.add(0.2, at: 12.0)
        peaks.add(.nan, at: 12.5)
        #expect(peaks.values(endingAt: 12.9, count: 4) == [nil, 0.9, nil, 0.2], "10 s holds the larger; 11 s nothing")
        #expect(peaks.values(endingAt: 14.0, count: 3) == [0.2, nil, nil], "time goes on without values")
        peaks.add(1, at: 13)
        peaks.add(1, at: 14)
        #expect(peaks.values(endingAt: 14, count: 5) == [nil, nil, 0.2, 1, 1], "the oldest bucket (10 s) is gone")

        var steps = RecentSeries(bucket: 10, capacity: 10, combine: .sum, empty: 0)
        steps.begin(at: 11)
        for time in [21.0, 22, 23, 45] { steps.add(1, at: time) }
        #expect(steps.values(endingAt: 49, count: 5) == [nil, 0, 3, 0, 1], "a pause is a measured 0, before the start a gap")

        var rates = RecentSeries(bucket: 5, capacity: 10, combine: .latest)
        rates.add(70, at: 1)
        rates.add(72, at: 4)
        #expect(rates.values(endingAt: 4, count: 1) == [72])
    }

    @Test func theHorizonFollowsPitchAndRoll() {
        func ground(_ rows: [String]) -> Int { rows.joined().filter { $0 == "░" }.count }
        let level = AttitudeIndicator.horizon(roll: 0, pitch: 0, width: 11, height: 6)
        #expect(level.count == 6 && level.allSatisfy { $0.count == 11 })
        #expect(level[0] == String(repeating: "·", count: 11), "sky on top")
        #expect(level[5] == String(repeating: "░", count: 11), "ground below")
        #expect(level.joined().filter { $0 == "+" }.count == 1)
        let noseUp = AttitudeIndicator.horizon(roll: 0, pitch: 20 * Double.pi / 180, width: 11, height: 6)
        #expect(ground(noseUp) < ground(level))
        let rolled = AttitudeIndicator.horizon(roll: 0.5, pitch: 0, width: 11, height: 6)
        func column(_ index: Int) -> Int { rolled.filter { Array($0)[index] == "░" }.count }
        #expect(column(10) > column(0), "rolled right: the horizon's right end rises")
    }

    @Test func theHeadingArrowTurnsWithYaw() {
        #expect(AttitudeIndicator.arrow(yaw: 0) == "↑")
        #expect(AttitudeIndicator.arrow(yaw: Double.pi / 2) == "←")
        #expect(AttitudeIndicator.arrow(yaw: -Double.pi / 2) == "→")
        #expect(AttitudeIndicator.arrow(yaw: Double.pi) == "↓")
        #expect(AttitudeIndicator.arrow(yaw: -3 * Double.pi / 4) == "↘")
    }

    @Test func aCardBoxFramesItsContentToItsSize() {
        let box = CardBox.lines(title: "Heart Rate", content: [StyledLine("72 bpm")], width: 20, height: 4).map(\.text)
        #expect(box == ["╭ Heart Rate ──────╮", "│ 72 bpm           │", "│                  │", "╰──────────────────╯"])
        #expect(box.allSatisfy { $0.unicodeScalars.count == 20 })
        let narrow = CardBox.lines(title: "Heart Rate", content: [], width: 8, height: 3).map(\.text)
        #expect(narrow.first == "╭ Heart╮", "a long title is cut inside the frame")
        #expect(CardBox.lines(title: "x", content: [], width: 4, height: 3).isEmpty)
    }

    @Test func aFrameStartsHomeJoinsLinesAndKeepsColoursOptional() {
        var line = StyledLine("Heart Rate", .title)
        line.append(" ok")
        let coloured = String(decoding: TerminalSequences.frame([line, StyledLine("x", .warning)], colour: true), as: UTF8.self)
        #expect(coloured == "\u{1B}[H\u{1B}[1;36mHeart Rate\u{1B}[0m ok\r\n\u{1B}[33mx\u{1B}[0m")
        let plain = String(decoding: TerminalSequences.frame([line, StyledLine("x", .warning)], colour: false), as: UTF8.self)
        #expect(plain == "\u{1B}[H\u{1B}[1mHeart Rate\u{1B}[0m ok\r\nx")
        #expect(TerminalSequences.enter.contains("\u{1B}[?1049h") && TerminalSequences.enter.contains("\u{1B}[?25l"))
        #expect(TerminalSequences.leave.contains("\u{1B}[?1049l") && TerminalSequences.leave.contains("\u{1B}[?25h"))
    }

    @Test func fittingCutsAndPadsByColumns() {
        var line = StyledLine("gravity ", .dim)
        line.append("9.81 m/s²", .value)
        #expect(line.width == 17)
        #expect(line.fitted(to: 10).text == "gravity 9.")
        #expect(line.fitted(to: 20).text == "gravity 9.81 m/s²   ")
        #expect(line.fitted(to: 0).width == 0)
    }

    @Test func wrappingBreaksAtSpaces() {
        #expect(DashboardCards.wrap("unavailable: no PPG sensor found", width: 16) == ["unavailable: no", "PPG sensor found"])
        #expect(DashboardCards.wrap("abcdefgh", width: 4) == ["abcdefgh"], "a longer word stays whole; the box cuts it")
        #expect(DashboardCards.wrap("a b", width: 0).isEmpty)
    }

    @Test func theServicesStepAndBeatLinesBecomeReadings() throws {
        let line = try JSONValue.parse(Array(#"{"reading":"steps","t":4.5,"steps":12,"cadence":110.4,"activity":"walking"}"#.utf8))
        let step = try ServiceReadingFields.step(line).get()
        #expect(step == Step(t: 4.5, count: 12, cadence: 110.4, activity: .walking))
        let beat = try JSONValue.parse(Array(#"{"reading":"heart_rate","t":7.25,"heart_rate":64.2,"rr_interval":0.94,"quality":"good"}"#.utf8))
        guard case .reading(let read) = ServiceReadingFields.beat(beat) else {
            Issue.record("a beat")
            return
        }
        #expect(read == Beat(t: 7.25, rrInterval: 0.94, heartRate: 64.2, quality: .good))
        let untrusted = try JSONValue.parse(Array(#"{"t":8,"heart_rate":null,"rr_interval":null,"quality":"poor"}"#.utf8))
        guard case .reading(let poor) = ServiceReadingFields.beat(untrusted) else {
            Issue.record("a poor beat")
            return
        }
        #expect(poor.heartRate == nil && poor.quality == .poor)

        let partial = try JSONValue.parse(Array(#"{"t":4.5,"steps":12}"#.utf8))
        guard case .failure(let error) = ServiceReadingFields.step(partial) else {
            Issue.record("a step line without its activity must not make one up")
            return
        }
        #expect(error.message.contains("activity"))
    }
}
