import BodyReadings
import Foundation
import ReadingFormats
import Sensors
import TestSupport
import Testing
import TextFormats

@testable import BodyReadingsCLI

/// `bodyreadings serve` as a process: clients of the socket and `stream --source serve` read at the same time, a
/// second service on the socket and a missing one are clear errors, SIGTERM tells the clients and removes the
/// socket, and busy sensors name `--source serve` when a service runs.
@Suite("serve command")
struct ServeCommandTests {
    /// `serve --source sim` on a fresh socket, up once the socket answers.
    final class RunningServe: @unchecked Sendable {
        let directory: TemporaryDirectory
        let socket: String
        let process: ChildProcess

        init(_ extra: [String] = []) throws {
            let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
            directory = try TemporaryDirectory(prefix: "br-serve")
            socket = directory.file("serve.sock")
            process = try ChildProcess(
                tool,
                ["serve", "--source", "sim", "--socket", socket]
                    + (extra.contains("--store") ? [] : ["--store", directory.file("readings.sqlite")]) + extra,
                standardError: .file(directory.file("stderr")))
            let deadline = Date().addingTimeInterval(20)
            while (try? ServiceConnection(path: socket)) == nil, Date() < deadline, process.isRunning { usleep(20_000) }
        }

        var stderr: String { (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? "" }
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func streamAndAnotherClientReadAtTheSameTimeAndSigtermTellsThem() throws {
        let serve = try RunningServe()
        let connection = try ServiceConnection(path: serve.socket)
        #expect(connection.availability.source == "sim (seed 1)")
        try connection.send(ServiceRequest(.subscribe(.motion, interval: 0.2, everySample: false)))

        let result = runStream([
            "stream", "--source", "serve:\(serve.socket)", "--count", "20", "--interval", "0.05", "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(Array($0.utf8)) }
        #expect(rows.filter { $0["gravity"] != nil }.count == 20)
        #expect(result.stderr.contains("serve: reading sim (seed 1) through \(serve.socket)"), "\(result.stderr)")

        var motions = 0
        while motions < 3, let event = try connection.next() {
            if case .motion = event { motions += 1 }
        }
        #expect(motions == 3, "the other client got its updates meanwhile")

        serve.process.send(SIGTERM)
        var closing: String?
        while closing == nil, let event = try connection.next() {
            if case .closing(let reason) = event { closing = reason }
        }
        #expect(closing == "the service is stopping")
        #expect(serve.process.exitCode() == 0, "\(serve.stderr)")
        #expect(!FileManager.default.fileExists(atPath: serve.socket), "the socket is removed")
        #expect(serve.stderr.contains("stopped (the service is stopping)"))
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func aSecondServiceOnTheSocketIsRefused() throws {
        let serve = try RunningServe()
        defer { serve.process.terminate() }
        let second = runStream(["serve", "--source", "sim", "--socket", serve.socket, "--no-store"])
        #expect(second.status == 69)
        #expect(second.stderr.contains("another service listens on \(serve.socket) already"), "\(second.stderr)")
        #expect(serve.process.isRunning)
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func mqttPublishesTheServicesMotionAndGoesOfflineOnSigterm() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/serve-1/#")
        let serve = try RunningServe(["--mqtt", broker.url, "--device-id", "serve-1", "--batch", "0", "--mqtt-interval", "0.2"])
        #expect(subscriber.wait { $0.contains { $0.topic.hasSuffix("/status") && $0.payload.contains(#""state":"online""#) } })
        #expect(subscriber.wait { messages in messages.filter { $0.topic.hasSuffix("/imu/data") }.count >= 3 })
        let times = subscriber.messages(endingIn: "/imu/data").compactMap {
            (try? JSONValue.parse(Array($0.payload.utf8)))?["samples"]?.arrayValue?.first?["t"]?.numberValue
        }
        let spacing = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(!spacing.isEmpty && spacing.allSatisfy { abs($0 - 0.2) < 0.011 }, "\(spacing)")
        serve.process.send(SIGTERM)
        #expect(serve.process.exitCode() == 0, "\(serve.stderr)")
        #expect(subscriber.wait { $0.last?.payload.contains(#""state":"offline""#) == true })
        #expect(serve.stderr.contains("publishing to \(broker.url) under bodyreadings/serve-1/"), "\(serve.stderr)")

        let stray = runStream(["serve", "--source", "sim", "--socket", serve.socket, "--device-id", "x", "--no-store"])
        #expect(stray.status == 64 && stray.stderr.contains("--device-id applies to a broker: add --mqtt URL"))
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func mqttPublishesTheBarometersAltitudeAndFlightsWithHomeAssistantDiscovery() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "#")
        let serve = try RunningServe([
            "--mqtt", broker.url, "--device-id", "stairs-1", "--homeassistant", "--mqtt-interval", "0.5",
        ])
        defer { serve.process.terminate() }
        // The barometer's three sensors are announced one after another: wait for all of them, not the first.
        let barometerConfigs = ["flights", "relative_altitude", "pressure"].map {
            "homeassistant/sensor/stairs-1/\($0)/config"
        }
        #expect(
            subscriber.wait { messages in
                barometerConfigs.allSatisfy { topic in messages.contains { $0.topic == topic } }
            },
            "\(subscriber.messages(endingIn: "/config").map(\.topic))")
        func samples(_ suffix: String) -> [JSONValue] {
            subscriber.messages(endingIn: suffix).flatMap {
                (try? JSONValue.parse(Array($0.payload.utf8)))?["samples"]?.arrayValue ?? []
            }
        }
        #expect(subscriber.wait { _ in samples("/altitude").count >= 4 })
        let altitudes = samples("/altitude")
        #expect(altitudes.allSatisfy { ($0["pressure"]?.numberValue ?? 0) > 100 && $0["relative_altitude"] != nil })
        let times = altitudes.compactMap { $0["t"]?.numberValue }
        // Every 0.5 s of the readings' clock, on the barometer's 25 Hz samples.
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.5) < 0.041 }, "every 0.5 s: \(times)")
        // The first flights message comes with the first altitude; the simulated building's stairs (while the demo
        // walks, about 20 s of real time in) bring the next.
        #expect(subscriber.wait(timeout: 60) { _ in samples("/flights").contains { $0["floors_ascended"]?.numberValue == 1 } })
        let flights = samples("/flights")
        #expect(flights.first?["floors_ascended"]?.numberValue == 0 && flights.allSatisfy { $0["floors_descended"]?.numberValue == 0 },
            "\(flights)")
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func altitudeReadsTheServicesBarometerAndCountsTheStairs() throws {
        let serve = try RunningServe()
        defer { serve.process.terminate() }
        // The simulated building's stairs are about 11–27 s into the service's demo and the lift down starts at
        // 35 s: 28 s of input from the first seconds cover the stairs and end before the lift.
        let output = runStream(["altitude", "--source", "serve:\(serve.socket)", "--duration", "28", "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try JSONValue.parse(Array((output.stdout.split(separator: "\n").last ?? "").utf8))["summary"]
        #expect(summary?["floors_ascended"]?.numberValue == 1 && summary?["floors_descended"]?.numberValue == 0,
            "\(String(describing: summary))")
        let height = summary?["relative_altitude"]?.numberValue ?? 0
        #expect(abs(height - 3) < 0.6, "a floor up: \(height) m")
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func stepsAndHeartRateAreServedAndStoredThroughAKill() throws {
        let serve = try RunningServe(["--store-flush", "0.5"])
        let connection = try ServiceConnection(path: serve.socket)
        #expect(connection.availability.isAvailable(.steps) && connection.availability.isAvailable(.heartRate))
        try connection.send(ServiceRequest(.subscribe(.steps, interval: 0, everySample: false)))
        try connection.send(ServiceRequest(.subscribe(.heartRate, interval: 0, everySample: false)))
        var steps: [JSONValue] = []
        var beats: [JSONValue] = []
        // The simulated IMU walks from 6.6 s of its demo; the pulse gives beats from the first seconds.
        let deadline = Date().addingTimeInterval(30)
        while steps.count < 5 || beats.count < 5, Date() < deadline, let event = try connection.next() {
            guard case .reading(let reading, let value) = event else { continue }
            if reading == .steps { steps.append(value) } else if reading == .heartRate { beats.append(value) }
        }
        #expect(steps.count >= 5 && beats.count >= 5, "\(steps.count) steps, \(beats.count) beats")
        let counts = steps.compactMap { $0["steps"]?.numberValue }
        #expect(counts == counts.sorted() && Set(counts).count == counts.count, "\(counts)")
        #expect(steps.allSatisfy { $0["activity"]?.stringValue == "walking" || $0["activity"]?.stringValue == "running" })
        #expect(steps.allSatisfy { $0["today"] != nil && $0["today"] == $0["steps"] }, "an empty store: today's are these")
        #expect(beats.allSatisfy { $0["quality"] != nil && $0["t"]?.numberValue != nil })
        try connection.send(ServiceRequest(.history(ServiceHistoryQuery(reading: .motion, per: .day))))
        var motionHistory: JSONValue?
        while motionHistory == nil, let event = try connection.next() {
            if case .reply(let op, _, let ok, let error, let body) = event, op == "history" {
                #expect(ok, "\(error ?? "")")
                motionHistory = body
            }
        }
        let day = try #require(motionHistory?["buckets"]?.arrayValue?.first, "\(String(describing: motionHistory))")
        #expect((day["minutes"]?.numberValue ?? 0) >= 1 && day["mean_user_acceleration"]?.numberValue != nil, "\(day)")
        // The steps seen so far reach the store while it runs (every --store-flush 0.5 s; waited for as long as a
        // loaded machine needs); then killed without a chance to write, it still holds them.
        func storedSteps() -> (status: Int32, stderr: String, steps: Double?) {
            let history = runStream([
                "history", "steps", "--today", "--per", "day", "--format", "json", "--store",
                serve.directory.file("readings.sqlite"),
            ])
            let buckets = try? JSONValue.parse(Array(history.stdout.utf8))["buckets"]?.arrayValue
            return (history.status, history.stderr, buckets?.first?["steps"]?.numberValue)
        }
        #expect(waitUntil { (storedSteps().steps ?? 0) >= Double(steps.count) }, "flushed while running")
        serve.process.send(SIGKILL)
        _ = serve.process.exitCode()
        let history = storedSteps()
        #expect(history.status == 0, "\(history.stderr)")
        let stored = history.steps
        #expect((stored ?? 0) >= Double(steps.count), "stored \(String(describing: stored)) of \(steps.count)+ steps")

        // Started again on the store: each step line's day count is the stored one plus the steps since.
        let again = try RunningServe(["--store", serve.directory.file("readings.sqlite")])
        defer { again.process.terminate() }
        let later = try ServiceConnection(path: again.socket)
        try later.send(ServiceRequest(.subscribe(.steps, interval: 0, everySample: false)))
        var resumed: [JSONValue] = []
        let walk = Date().addingTimeInterval(30)
        while resumed.count < 2, Date() < walk, let event = try later.next() {
            if case .reading(.steps, let value) = event { resumed.append(value) }
        }
        let base = try #require(stored)
        #expect(resumed.count == 2 && resumed.allSatisfy { $0["today"]?.numberValue == base + ($0["steps"]?.numberValue ?? .nan) },
            "stored \(base) + the steps since: \(resumed)")
    }

    @Test func withoutAServiceTheClientSaysHowToStartOne() throws {
        let directory = try TemporaryDirectory(prefix: "br-none")
        // Every command that reads --source serve names the fix, not only the reason.
        for command in ["stream", "steps", "heart-rate", "record", "publish"] {
            let output = command == "record" ? ["-"] : command == "publish" ? ["mqtt://127.0.0.1:1"] : []
            let result = runStream(
                [command] + output + ["--source", "serve:\(directory.file("serve.sock"))", "--count", "1"])
            #expect(result.status == 69, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("no bodyreadings service listens on"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("start it with 'bodyreadings serve'"), "\(command): \(result.stderr)")
        }
    }

    @Test func sourceServeParsesAndRefusesOptionsThatDoNotApply() throws {
        #expect(try SourceOptions.parse("serve", uri: nil, seed: nil, fast: false).get() == .service(path: nil))
        #expect(try SourceOptions.parse("serve:/tmp/x.sock", uri: nil, seed: nil, fast: false).get() == .service(path: "/tmp/x.sock"))
        for (uri, seed, fast) in [("ip:x", nil, false), (nil, UInt64(2), false), (nil, nil, true)] as [(String?, UInt64?, Bool)] {
            guard case .failure = SourceOptions.parse("serve", uri: uri, seed: seed, fast: fast) else {
                Issue.record("serve with \(String(describing: uri)), \(String(describing: seed)), \(fast) must be refused")
                continue
            }
        }
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func aFullServiceSaysSoToTheClientItTurnsAway() throws {
        let serve = try RunningServe(["--max-clients", "1"])
        // The one client it serves; until the service has seen RunningServe's probes go, it may turn this one away.
        var first: ServiceConnection?
        #expect(waitUntil {
            first = try? ServiceConnection(path: serve.socket)
            return first != nil
        })
        #expect(first?.availability.source == "sim (seed 1)")
        let result = runStream(["stream", "--source", "serve:\(serve.socket)", "--count", "1"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("the service is full (1 client)"), "\(result.stderr)")
        #expect(result.stderr.contains("--max-clients") && !result.stderr.contains("start it"), "\(result.stderr)")
        serve.process.send(SIGTERM)
        #expect(serve.process.exitCode() == 0, "\(serve.stderr)")
    }

    @Test func busySensorsNameTheRunningService() throws {
        let busy = CaptureError(.busy, "accel_3d (iio:device0): the buffer is busy")
        #expect(busy.fix(runningService: "/run/bodyreadings/serve.sock")?.contains("--source serve") == true)
        #expect(busy.fix(runningService: nil)?.contains("iio-sensor-proxy") == true)

        let directory = try TemporaryDirectory(prefix: "br-run")
        let environment = [
            "XDG_RUNTIME_DIR": directory.path, ServiceSocketPath.systemDirectoryVariable: directory.file("system"),
        ]
        #expect(RunningService.socket(environment: environment) == nil)
        try FileManager.default.createDirectory(atPath: directory.file("bodyreadings"), withIntermediateDirectories: true)
        let path = directory.file("bodyreadings/serve.sock")
        let listener = try UnixSocketListener(path: path)
        #expect(RunningService.socket(environment: environment) == path)
        listener.close()
        #expect(RunningService.socket(environment: environment) == nil, "a stale socket is not a running service")
        // The system service's socket, where the environment puts its directory.
        try FileManager.default.createDirectory(atPath: directory.file("system"), withIntermediateDirectories: true)
        let system = try UnixSocketListener(path: directory.file("system/serve.sock"))
        #expect(RunningService.socket(environment: environment) == directory.file("system/serve.sock"))
        system.close()
    }
}

/// A bare listening socket (nobody answers it), what `RunningService` looks for.
private struct UnixSocketListener {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    func close() { _ = Glibc.close(descriptor) }
}
