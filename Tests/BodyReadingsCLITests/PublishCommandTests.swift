import Foundation
import TestSupport
import Testing
import TextFormats

@testable import BodyReadingsCLI

/// `bodyreadings publish` against a real mosquitto: what arrives, the status, the exit codes.
@Suite("publish command")
struct PublishCommandTests {
    private func samples(on suffix: String, _ subscriber: TestSubscriber) -> [JSONValue] {
        subscriber.messages(endingIn: suffix).flatMap { message -> [JSONValue] in
            guard case .array(let samples) = (try? JSONValue.parse(Array(message.payload.utf8)))?["samples"] else {
                return []
            }
            return samples
        }
    }

    @Test func publishesTheSimulatedIMUsMotionInBatches() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/#")
        let result = runStream([
            "publish", broker.url, "--source", "sim", "--fast", "--count", "300", "--interval", "0.01",
            "--device-id", "sim-1", "--batch", "0.5",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("publishing to mqtt://127.0.0.1:\(broker.port) under bodyreadings/sim-1/"))
        #expect(result.stderr.contains("0 dropped"), "\(result.stderr)")
        #expect(subscriber.wait { $0.last?.topic == "bodyreadings/sim-1/status" && $0.last?.payload.contains("offline") == true })
        let motion = samples(on: "/imu/data", subscriber)
        #expect(motion.count == 300)
        #expect(subscriber.messages(endingIn: "/imu/data").count == 6, "3 s of updates in 0.5 s batches")
        let first = try #require(motion.first)
        for field in ["t", "time", "orientation", "angular_velocity", "linear_acceleration", "gravity", "user_acceleration"] {
            #expect(first[field] != nil, "no \(field)")
        }
        guard case .number(let gravityZ) = first["gravity"]?["z"] else {
            Issue.record("no gravity.z")
            return
        }
        #expect(abs(gravityZ) > 5, "the simulated device starts near flat")
    }

    @Test func stepsAndHeartbeatsArePublishedAsTheyCome() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/walk-1/#")
        let result = runStream([
            "publish", broker.url, "--source", "sim", "--fast", "--duration", "40", "--device-id", "walk-1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(subscriber.wait { $0.last?.topic == "bodyreadings/walk-1/status" && $0.last?.payload.contains("offline") == true })
        // The demo walks from 6.6 s; the simulated finger beats at about 72/min from the start.
        let steps = samples(on: "/steps", subscriber)
        #expect(steps.count > 20, "\(steps.count) steps in 40 s of the demo")
        let counts = steps.compactMap { $0["steps"]?.numberValue }
        #expect(counts == counts.indices.map { Double($0 + 1) }, "\(counts.prefix(5))")
        #expect(steps.allSatisfy { $0["t"] != nil && $0["time"] != nil && $0["cadence"] != nil && $0["activity"] != nil })
        let beats = samples(on: "/heart_rate", subscriber)
        #expect(beats.count > 30, "\(beats.count) beats in 40 s")
        let rates = beats.compactMap { $0["heart_rate"]?.numberValue }
        #expect(!rates.isEmpty && rates.allSatisfy { $0 > 60 && $0 < 85 }, "\(rates.prefix(5))")
        #expect(beats.allSatisfy { $0["quality"] != nil && $0["rr_interval"] != nil })
    }

    /// The simulated building's barometer (stairs a floor up while the demo walks, the lift back down while it
    /// stands, every 80 s): `altitude` every --interval and `flights` at the start and at every floor, with the
    /// barometer's Home Assistant sensors, as `serve --mqtt` publishes them.
    @Test func theBarometersAltitudeAndFlightsArePublishedWithHomeAssistantDiscovery() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "#")
        let result = runStream([
            "publish", broker.url, "--source", "sim", "--fast", "--duration", "170", "--interval", "0.5",
            "--device-id", "stairs-2", "--homeassistant",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(subscriber.wait { $0.last?.topic == "bodyreadings/stairs-2/status" && $0.last?.payload.contains("offline") == true })
        let configs = subscriber.messages(endingIn: "/config").map(\.topic)
        for sensor in ["flights", "relative_altitude", "pressure"] {
            #expect(configs.contains("homeassistant/sensor/stairs-2/\(sensor)/config"), "\(configs)")
        }
        let altitudes = samples(on: "/altitude", subscriber)
        #expect(altitudes.allSatisfy { ($0["pressure"]?.numberValue ?? 0) > 100 && $0["relative_altitude"] != nil })
        let times = altitudes.compactMap { $0["t"]?.numberValue }
        #expect(times.count >= 330, "every 0.5 s for 170 s: \(times.count)")
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.5) < 0.041 }, "every 0.5 s: \(times.prefix(5))")
        let top = altitudes.filter { ($0["t"]?.numberValue ?? 99) < 80 }.compactMap { $0["relative_altitude"]?.numberValue }.max()
        #expect(abs((top ?? 0) - 3) < 0.6, "a floor up the stairs: \(String(describing: top))")
        let flights = samples(on: "/flights", subscriber)
        let ascended = flights.compactMap { $0["floors_ascended"]?.numberValue }
        #expect(ascended == [0, 1, 2], "one message at the start, one per floor: \(flights)")
        #expect(flights.allSatisfy { $0["floors_descended"]?.numberValue == 0 }, "the lift counts none: \(flights)")
    }

    @Test func aSourceWithoutABarometerPublishesNoAltitude() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "#")
        let directory = try TemporaryDirectory(prefix: "publish-no-barometer")
        let path = directory.file("still.csv")
        let rows = (0..<200).map { "\(Double($0) * 0.01),0,0,9.81,0,0,0" }
        try (["t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z"] + rows).joined(separator: "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = runStream([
            "publish", broker.url, "--source", "replay:\(path)", "--fast", "--device-id", "flat-1", "--homeassistant",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(subscriber.wait { $0.last?.topic == "bodyreadings/flat-1/status" && $0.last?.payload.contains("offline") == true })
        #expect(!samples(on: "/imu/data", subscriber).isEmpty)
        let topics = subscriber.messages.map(\.topic)
        #expect(!topics.contains { $0.hasSuffix("/altitude") || $0.hasSuffix("/flights") }, "\(topics)")
        #expect(!topics.contains("homeassistant/sensor/flat-1/flights/config"), "\(topics)")
    }

    @Test func rawPublishesEveryCalibratedSample() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/raw-1/imu/#")
        let result = runStream([
            "publish", broker.url, "--source", "sim", "--fast", "--count", "100", "--raw", "--device-id", "raw-1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(subscriber.wait { _ in samples(on: "/imu/data_raw", subscriber).count == 100 })
        #expect(samples(on: "/imu/data_raw", subscriber).allSatisfy { $0["linear_acceleration"] != nil })
    }

    @Test func exitCodesSayWhatWentWrong() throws {
        let broker = try TestBroker(.init(users: ["board": "right"]))
        let free = try FreePort.loopback()
        let cases: [([String], Int32, String)] = [
            (["publish", "mqtt//broker"], 64, "broker URL: no scheme"),
            (["publish", "mqtt://broker:99999"], 64, "port '99999'"),
            (["publish", "mqtt://broker", "--cafile", "ca.pem"], 64, "are for mqtts:// URLs"),
            (["publish", "mqtt://broker", "--device-id", "a+b"], 64, "--device-id"),
            (["publish", "mqtt://127.0.0.1:\(free)"], 69, "unreachable (Connection refused)"),
            (["publish", "mqtt://board:wrong@127.0.0.1:\(broker.port)"], 77, "login refused"),
            (["publish", "mqtts://localhost:\(broker.port)", "--cafile", "/nonexistent/ca.pem"], 74,
             "cannot read the --cafile file /nonexistent/ca.pem"),
        ]
        for (arguments, status, text) in cases {
            let result = runStream(arguments + ["--source", "sim", "--fast", "--count", "1"])
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(text), "\(arguments): \(result.stderr)")
        }
    }

    @Test func thePasswordMayComeFromTheEnvironment() throws {
        let broker = try TestBroker(.init(users: ["board": "s3cret"]))
        let (console, captured) = Console.capture(environment: ["BODYREADINGS_MQTT_PASSWORD": "s3cret"])
        let status = BodyReadingsTool.run(
            arguments: ["publish", "mqtt://board@127.0.0.1:\(broker.port)", "--source", "sim", "--fast", "--count", "5"],
            console: console)
        #expect(status == 0, "\(captured.stderr)")
    }

    /// The broker comes up only once `publish --wait` has started without it; the publisher connects on its own
    /// retry schedule, however late a loaded machine starts the broker, and what waited is delivered.
    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func waitStartsWithoutTheBrokerAndDeliversWhatWaited() throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let directory = try TemporaryDirectory(prefix: "publish-wait")
        let stderr = directory.file("stderr")
        let port = try FreePort.loopback()
        let process = try ChildProcess(
            tool,
            [
                "publish", "mqtt://127.0.0.1:\(port)", "--wait", "--source", "sim", "--interval", "0.1", "--batch",
                "0.5", "--device-id", "late",
            ], standardError: .file(stderr))
        defer { process.terminate() }
        let text = { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }
        #expect(waitUntil(timeout: 60) { text().contains("publishing anyway (--wait)") }, "\(text())")
        let broker = try TestBroker(port: port)
        defer { broker.stop() }
        #expect(
            waitUntil(timeout: 120) { broker.log.contains("Received PUBLISH from bodyreadings-late") },
            "the publisher connected and published what waited: \(broker.log.suffix(400))")
        process.send(SIGTERM)
        #expect(process.exitCode() == 0, "\(text())")
        #expect(text().contains("0 dropped"), "\(text())")
        #expect(text().contains("1 connection"), "\(text())")
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func sigtermPublishesOfflineWithTheCounts() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/term/status")
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let process = try ChildProcess(tool, ["publish", broker.url, "--source", "sim", "--device-id", "term"])
        #expect(subscriber.wait { $0.first?.payload.contains(#""state":"online""#) == true })
        process.send(SIGTERM)
        #expect(process.exitCode() == 0)
        #expect(subscriber.wait { $0.last?.payload.contains(#""state":"offline""#) == true })
        #expect(subscriber.messages.last?.payload.contains(#""dropped":0"#) == true)
    }
}
