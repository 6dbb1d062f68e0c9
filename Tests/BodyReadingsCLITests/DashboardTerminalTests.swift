import BodyReadings
import Foundation
import ReadingFormats
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `bodyreadings dashboard` as a process under a real pseudo-terminal: a tmux pane of its own server (scripts/
/// install-deps installs tmux). The pane runs `sh -c 'stty -g > before; dashboard; stty -g > after; echo STATUS >
/// status'`, so that the test sees the screen (`capture-pane`), the terminal's modes while it runs and after
/// (`#{alternate_on}`, `#{cursor_flag}`, the `stty` settings), and its exit status.
@Suite("dashboard in a terminal", .serialized)
struct DashboardTerminalTests {
    static let tool = PackagePaths.builtExecutable("bodyreadings")
    static let tmux = Subprocess.locate("tmux")
    static let runnable = tool != nil && tmux != nil

    /// A detached tmux session of a private server running `command` in one pane of `width` × `height`.
    final class Pane: @unchecked Sendable {
        let server: String
        let directory: TemporaryDirectory

        init(_ arguments: [String], width: Int, height: Int, environment: [String: String] = [:]) throws {
            directory = try TemporaryDirectory(prefix: "br-dash")
            server = "br-dash-\(getpid())-\(UUID().uuidString.prefix(8))"
            let settings = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
            let dashboard = ([try #require(DashboardTerminalTests.tool), "dashboard"] + arguments).map(Self.quoted)
                .joined(separator: " ")
            // The inner shell execs the dashboard, so that its pid (written first) is the dashboard's.
            let inner = "echo $$ > \(directory.file("pid")); exec env \(settings) \(dashboard)"
            // The status is written last: once it is there, so are the settings after the run. `trap : INT` keeps
            // this shell alive through the Ctrl-C meant for the dashboard (and is reset in what it starts).
            let script = "trap : INT; stty -g > \(directory.file("before")); sh -c \(Self.quoted(inner)); s=$?; "
                + "stty -g > \(directory.file("after")); echo $s > \(directory.file("status")); sleep 600"
            // Started with posix_spawn, not Foundation's Process: the server (and so the dashboard in its pane) must
            // not inherit the test runner's blocked SIGTERM, nor hold a pipe of the test open as a daemon.
            let start = try ChildProcess(
                try #require(DashboardTerminalTests.tmux),
                ["-L", server, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                 "sh -c \(Self.quoted(script))"])
            #expect(start.exitCode() == 0, "tmux new-session")
        }

        deinit {
            // Unchecked: the server is gone already when its last pane was closed.
            if let tmux = DashboardTerminalTests.tmux { _ = try? Subprocess.run(tmux, ["-L", server, "kill-server"]) }
        }

        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            let result = try Subprocess.run(try #require(DashboardTerminalTests.tmux), ["-L", server] + arguments, timeout: 10)
            #expect(result.status == 0, "tmux \(arguments): \(result.stderr)")
            return String(decoding: result.stdout, as: UTF8.self)
        }

        /// The pane's text now.
        var screen: String { (try? tmux(["capture-pane", "-p"])) ?? "" }
        var lines: [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

        /// A tmux format of the pane, e.g. `#{alternate_on}`.
        func format(_ format: String) -> String {
            ((try? tmux(["display-message", "-p", format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func resize(_ width: Int, _ height: Int) throws {
            try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
        }

        /// The text of the file `name` the pane's shell wrote; nil while it is missing or empty.
        func file(_ name: String) -> String? {
            let text = (try? String(contentsOfFile: directory.file(name), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return text?.isEmpty == false ? text : nil
        }

        /// Waits until the screen satisfies `condition` (up to 30 s: generous for a loaded machine).
        func waitFor(timeout: Double = 30, _ condition: (String) -> Bool) -> Bool {
            waitUntil(timeout: timeout) { condition(screen) }
        }

        /// The dashboard's exit status, once its shell wrote it.
        func status(timeout: Double = 30) -> String? {
            _ = waitUntil(timeout: timeout) { file("status") != nil }
            return file("status")
        }

        static func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }

    /// The user-acceleration and gravity lines: what changes as the IMU moves.
    static func motionText(_ screen: String) -> String {
        screen.split(separator: "\n").filter { $0.contains("user accel") || $0.contains("gravity") }
            .map { String($0.prefix(60)) }.joined(separator: "\n")
    }

    /// True when Heart Rate and Steps Today each show a reading, that one is awaited, or why there is none, and
    /// neither shows a zero it cannot know.
    static func cardsSayValueOrReason(_ screen: String) -> Bool {
        let heart = screen.contains(" bpm") || screen.contains("waiting for the first beat") || screen.contains("unavailable:")
        let steps = screen.contains(" steps") || screen.contains("waiting for the first step") || screen.contains("unavailable:")
        return heart && steps && !screen.contains("│ 0 bpm") && !screen.contains("│ 0 steps")
    }

    @Test(.enabled(if: runnable, "needs tmux and the built bodyreadings"))
    func theCardsLiveResizeAndQuitRestoresTheTerminal() throws {
        let pane = try Pane(["--source", "sim"], width: 100, height: 30)
        #expect(pane.waitFor { $0.contains("user acceleration") }, "\(pane.screen)")
        #expect(pane.format("#{alternate_on} #{cursor_flag}") == "1 0", "the alternate screen, the cursor hidden")
        let lines = pane.lines
        #expect(lines.first?.hasPrefix("BodyReadings · sim (seed 1)") == true, "\(pane.screen)")
        #expect(lines.contains { $0.contains("Heart Rate") && $0.contains("Steps Today") }, "wide: side by side")
        #expect(lines.contains { $0.contains("╭ Live Motion") })
        #expect(Self.cardsSayValueOrReason(pane.screen), "\(pane.screen)")
        let first = Self.motionText(pane.screen)
        #expect(pane.waitFor { Self.motionText($0) != first }, "the motion values change:\n\(first)")

        try pane.resize(40, 22)
        #expect(pane.waitFor { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.hasPrefix("╭ Steps Today") } && lines.contains { $0.hasPrefix("╭ Heart Rate") }
        }, "narrow: one column\n\(pane.screen)")
        #expect(pane.lines.allSatisfy { $0.count <= 40 })
        #expect(pane.screen.contains("user accel."), "\(pane.screen)")

        try pane.resize(30, 8)
        #expect(pane.waitFor { $0.contains("Heart Rate:") && $0.contains("Live Motion:") }, "\(pane.screen)")

        try pane.resize(100, 30)
        #expect(pane.waitFor { $0.contains("Heart Rate ─") && $0.contains("Steps Today ─") && !$0.contains("Heart Rate:") })

        try pane.tmux(["send-keys", "q"])
        #expect(pane.status() == "0")
        #expect(pane.file("before") == pane.file("after"), "the terminal's settings are restored")
        #expect(pane.format("#{alternate_on} #{cursor_flag}") == "0 1", "the main screen and the cursor are back")
    }

    @Test(.enabled(if: runnable, "needs tmux and the built bodyreadings"), arguments: ["TERM", "HUP", "INT"])
    func aStopSignalRestoresTheTerminal(signal name: String) throws {
        let pane = try Pane(["--source", "sim"], width: 80, height: 24)
        #expect(pane.waitFor { $0.contains("user acceleration") }, "\(pane.screen)")
        if name == "INT" {
            try pane.tmux(["send-keys", "C-c"])
        } else {
            let pid = try #require(pane.file("pid").flatMap { Int32($0) })
            kill(pid, name == "TERM" ? SIGTERM : SIGHUP)
        }
        #expect(pane.status() == "0", "SIG\(name)")
        #expect(pane.file("before") == pane.file("after"), "SIG\(name): the terminal's settings are restored")
        #expect(pane.format("#{alternate_on} #{cursor_flag}") == "0 1", "SIG\(name)")
    }

    @Test(.enabled(if: runnable, "needs tmux and the built bodyreadings"))
    func closingTheTerminalEndsIt() throws {
        let pane = try Pane(["--source", "sim"], width: 80, height: 24)
        #expect(pane.waitFor { $0.contains("user acceleration") }, "\(pane.screen)")
        let pid = try #require(pane.file("pid").flatMap { Int32($0) })
        try pane.tmux(["kill-pane"])
        #expect(waitUntil { [nil, "Z"].contains(Self.state(of: pid)) }, "the dashboard exits on the hang-up")
    }

    @Test(.enabled(if: runnable, "needs tmux and the built bodyreadings"))
    func ctrlZSuspendsWithTheTerminalRestoredAndContinuingTakesItBack() throws {
        let pane = try Pane(["--source", "sim"], width: 80, height: 24)
        #expect(pane.waitFor { $0.contains("user acceleration") }, "\(pane.screen)")
        let pid = try #require(pane.file("pid").flatMap { Int32($0) })
        let tty = pane.format("#{pane_tty}")
        func settings() -> String? {
            (try? Subprocess.run("stty", ["-F", tty, "-g"]))
                .map { String(decoding: $0.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        #expect(settings() != pane.file("before"), "key-at-a-time input while it runs")
        kill(pid, SIGTSTP)
        #expect(waitUntil { Self.state(of: pid) == "T" }, "stopped")
        #expect(waitUntil { pane.format("#{alternate_on} #{cursor_flag}") == "0 1" }, "restored while stopped")
        #expect(settings() == pane.file("before"))
        kill(pid, SIGCONT)
        #expect(waitUntil { pane.format("#{alternate_on} #{cursor_flag}") == "1 0" }, "taken over again")
        #expect(pane.waitFor { $0.contains("user acceleration") }, "\(pane.screen)")
        #expect(settings() != pane.file("before"))
        try pane.tmux(["send-keys", "q"])
        #expect(pane.status() == "0")
        #expect(pane.file("before") == pane.file("after"))
    }

    /// The process state letter of `pid` (`R`, `S`, `T` stopped, …) from `/proc/PID/stat`.
    static func state(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ") ", options: .backwards)
        else { return nil }
        return stat[end.upperBound...].split(separator: " ").first.map(String.init)
    }

    @Test(.enabled(if: runnable, "needs tmux and the built bodyreadings"))
    func aRunningServiceIsTheDefaultSourceAndItsReasonsAreShown() throws {
        let serve = try ServeCommandTests.RunningServe()
        defer { serve.process.terminate() }
        // $XDG_RUNTIME_DIR/bodyreadings/serve.sock, where a client looks first, is the service's socket.
        let runtime = try TemporaryDirectory(prefix: "br-dash-run")
        try FileManager.default.createSymbolicLink(atPath: runtime.file("bodyreadings"), withDestinationPath: serve.directory.path)
        let availability = try ServiceConnection(path: serve.socket).availability

        let pane = try Pane([], width: 44, height: 30, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(pane.waitFor { $0.contains("user accel") }, "\(pane.screen)")
        let header = "BodyReadings · serve \(runtime.path)/bodyreadings/serve.sock: sim (seed 1)"
        #expect(pane.lines.first.map { header.hasPrefix($0.prefix(44 - 8)) } == true, "cut to the width: \(pane.screen)")
        // One column: each card's wrapped lines follow each other, so its text reads whole without the frame.
        let text = pane.screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        for reading in [ServiceReading.heartRate, .steps] {
            if let reason = availability.unavailable[reading] {
                #expect(text.contains("unavailable: \(reason)"), "\(reading): \(reason)\n\(pane.screen)")
            }
        }
        if availability.isAvailable(.steps) {
            #expect(pane.waitFor(timeout: 30) { $0.contains(" steps") }, "the day's count (from the store)\n\(pane.screen)")
            #expect(!pane.screen.contains("since the start (no store)"), "the service's store knows the day")
        }
        let first = Self.motionText(pane.screen)
        #expect(pane.waitFor { Self.motionText($0) != first }, "the service's motion changes")

        serve.process.send(SIGTERM)
        #expect(serve.process.exitCode() == 0)
        #expect(pane.waitFor { $0.contains("the service stopped") }, "\(pane.screen)")
        try pane.tmux(["send-keys", "q"])
        #expect(pane.status() == "0")
        #expect(pane.file("before") == pane.file("after"))
    }

    @Test func withoutATerminalOrWithOptionsThatDoNotApplyItSaysSo() throws {
        let piped = runStream(["dashboard", "--source", "sim"])
        #expect(piped.status == 64)
        #expect(piped.stderr.contains("the dashboard needs a terminal"), "\(piped.stderr)")
        let calibrated = runStream(["dashboard", "--source", "serve:/tmp/none.sock", "--no-calibration"])
        #expect(calibrated.status == 64)
        #expect(calibrated.stderr.contains("the service calibrates and counts steps itself"), "\(calibrated.stderr)")
        let fast = runStream(["dashboard", "--interval", "0.001", "--source", "sim"])
        #expect(fast.status == 64, "\(fast.stderr)")
    }
}
