import Foundation
import TestSupport
import Testing

/// `bodyreadings serve --http`: the API and the event streams of the service's own readings over curl, the bearer
/// token, the refusals of the options, and a clean stop on SIGTERM with streams open.
@Suite(
    .enabled(if: Subprocess.locate("curl") != nil, "needs curl (scripts/install-deps installs it)"),
    .enabled(if: WebRig.servePath != nil, "needs the built bodyreadings"))
struct ServeHTTPTests {
    /// A token file only its owner may read.
    private func tokenFile(_ directory: TemporaryDirectory, mode: mode_t = 0o600) throws -> (path: String, token: String) {
        let token = "b7f3c1d2e4a59687-serve-http-test"
        let path = directory.file("token")
        try (token + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, mode) == 0)
        return (path, token)
    }

    @Test func theServiceAnswersTheAPIAndStreamsItsMotion() throws {
        let serve = try WebRig(.serve)
        let available = try serve.json("/api/available")
        #expect(available.status == 200)
        #expect((available.value["motion"] as? [String: Any])?["available"] as? Bool == true)
        for reading in ["steps", "heart_rate"] {
            let entry = available.value[reading] as? [String: Any]
            let reason = entry?["reason"] as? String ?? ""
            #expect(entry?["available"] as? Bool == true || !reason.isEmpty, "\(reading) says why: \(String(describing: entry))")
        }
        let events = try serve.events("/events/motion?interval=0.1") { $0.filter { $0.event == "motion" }.count >= 20 }
        #expect(events.first?.event == "availability")
        let times = events.filter { $0.event == "motion" }.compactMap { $0.data["t"] as? Double }
        #expect(times.count >= 20, "\(times.count) motion events")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 > 0.09 }, "in order, 0.1 s apart: \(times)")
        #expect(try serve.get("/events/motion?interval=0.001").status == 400)
        #expect(try serve.get("/api/nothing").status == 404)
        #expect(try serve.get("/", ["-H", "X-Padding: " + String(repeating: "a", count: 20_000)]).status == 431)
        #expect(try serve.get("/api/available", ["-X", "POST", "-d", "x"]).status == 405)
        let page = try serve.get("/")
        #expect(page.status == 200 && page.body.contains("Live Motion"))
        #expect(serve.stderr.contains("dashboard on http://127.0.0.1:\(serve.port)/"), "\(serve.stderr)")
    }

    @Test func aTokenGuardsEveryRequestAndSigtermStopsWithStreamsOpen() throws {
        let directory = try TemporaryDirectory(prefix: "br-token")
        let (path, token) = try tokenFile(directory)
        let serve = try WebRig(.serve, arguments: ["--token", path])
        #expect(try serve.get("/api/available").status == 401)
        #expect(try serve.get("/api/available", ["-H", "Authorization: Bearer wrong-token-0123456789"]).status == 401)
        #expect(try serve.get("/api/available", ["-H", "Authorization: Bearer \(token)"]).status == 200)
        #expect(try serve.get("/?access_token=\(token)").status == 200)
        let stream = try ChildProcess(
            "/usr/bin/curl", ["-sSN", "-H", "Authorization: Bearer \(token)", serve.base + "/events/motion"])
        defer { stream.terminate() }
        usleep(500_000)
        serve.process.send(SIGTERM)
        #expect(serve.process.exitCode() == 0, "\(serve.stderr)")
        #expect(stream.exitCode() != nil, "the stream ends with the service")
    }

    /// Runs `bodyreadings serve --source sim` with `arguments` on a socket of its own, expecting it to refuse.
    private func refused(_ arguments: [String]) throws -> ProcessOutput {
        let directory = try TemporaryDirectory(prefix: "br-refused")
        let tool = try #require(WebRig.servePath)
        return try Subprocess.run(
            tool, ["serve", "--source", "sim", "--socket", directory.file("serve.sock"), "--no-store"] + arguments, timeout: 30)
    }

    @Test func anAddressOthersCanReachNeedsAToken() throws {
        let result = try refused(["--http", "0.0.0.0:\(try FreePort.loopback())"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs a bearer token; add --token FILE"), "\(result.stderr)")
    }

    @Test func badOptionsAreRefusedWithTheirFix() throws {
        let directory = try TemporaryDirectory(prefix: "br-token")
        let open = try tokenFile(directory, mode: 0o644)
        let readable = try refused(["--http", "127.0.0.1:\(try FreePort.loopback())", "--token", open.path])
        #expect(readable.status == 77)
        #expect(readable.stderr.contains("readable by every user; 'chmod 600"), "\(readable.stderr)")
        let short = directory.file("short")
        try "abc\n".write(toFile: short, atomically: false, encoding: .utf8)
        #expect(chmod(short, 0o600) == 0)
        let tooShort = try refused(["--http", "127.0.0.1:\(try FreePort.loopback())", "--token", short])
        #expect(tooShort.status == 65)
        #expect(tooShort.stderr.contains("openssl rand -hex 32"), "\(tooShort.stderr)")
        let alone = try refused(["--token", short])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("add --http HOST:PORT"), "\(alone.stderr)")
        let name = try refused(["--http", "example.org:80"])
        #expect(name.status == 64)
        #expect(name.stderr.contains("--http needs HOST:PORT"), "\(name.stderr)")
    }

    @Test func aTakenPortIsRefused() throws {
        let first = try WebRig(.serve)
        let second = try refused(["--http", "127.0.0.1:\(first.port)"])
        #expect(second.status == 69)
        #expect(second.stderr.contains("choose another in --http"), "\(second.stderr)")
        #expect(first.process.isRunning)
    }
}
