import BodyReadings
import Fusion
import Foundation
import ReadingFormats
import ReadingsWeb
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `ServiceReadingsProvider` against a real `serve --source sim`: the readings the service has arrive at the
/// asked interval, the ones it lacks are unavailable with its reason, and the service stopping is told to every
/// subscriber as the reason, not as silence.
@Suite("dashboard's service provider")
struct DashboardServiceProviderTests {
    /// What a subscription received.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var motions: [MotionEstimate] = []
        private var reasons: [String] = []

        func add(_ update: ReadingUpdate<MotionEstimate>) {
            lock.lock()
            defer { lock.unlock() }
            switch update {
            case .reading(let estimate): motions.append(estimate)
            case .availability(.unavailable(let reason)): reasons.append(reason)
            case .availability(.available): break
            }
        }

        var times: [Double] { lock.lock(); defer { lock.unlock() }; return motions.map(\.t) }
        var unavailable: [String] { lock.lock(); defer { lock.unlock() }; return reasons }
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func motionArrivesMissingReadingsSayWhyAndTheEndIsTold() throws {
        let serve = try ServeCommandTests.RunningServe()
        defer { serve.process.terminate() }
        let provider = try ServiceReadingsProvider(path: serve.socket)
        defer { provider.close() }
        #expect(provider.name == "serve \(serve.socket): sim (seed 1)")
        #expect(provider.availability(of: .motion) == .available)
        let hello = try ServiceConnection(path: serve.socket).availability
        for reading in [ServiceReading.steps, .heartRate, .altitude] {
            let expected = hello.unavailable[reading].map { ReadingAvailability.unavailable(reason: $0) } ?? .available
            #expect(provider.availability(of: reading) == expected, "\(reading) as the service's hello says")
        }

        let received = Received()
        let subscription = provider.subscribeMotion(interval: 0.2) { received.add($0) }
        #expect(waitUntil { received.times.count >= 5 })
        let times = received.times
        let spacing = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(spacing.allSatisfy { abs($0 - 0.2) < 0.011 }, "every 0.2 s of sample time: \(spacing)")

        serve.process.send(SIGTERM)
        #expect(waitUntil { !received.unavailable.isEmpty })
        #expect(received.unavailable.first == "the service stopped (the service is stopping)")
        #expect(provider.availability(of: .motion) == .unavailable(reason: "the service stopped (the service is stopping)"))
        subscription.cancel()
        #expect(serve.process.exitCode() == 0, "\(serve.stderr)")
    }

    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func stepsCountOnFromTheStoredDay() throws {
        let serve = try ServeCommandTests.RunningServe()
        defer { serve.process.terminate() }
        let provider = try ServiceReadingsProvider(path: serve.socket)
        defer { provider.close() }
        try #require(provider.availability(of: .steps) == .available, "the simulated IMU walks")
        let stored = try provider.stepsToday()
        #expect(stored.steps >= 0 && stored.end > stored.start)
        let updates = Updates<StepsUpdate>()
        let subscription = provider.subscribeSteps { updates.add($0) }
        defer { subscription.cancel() }
        #expect(waitUntil(timeout: 30) { updates.readings.count >= 4 }, "steps within 30 s of the walk")
        let steps = updates.readings
        #expect(steps.first?.today == stored.steps + 1, "the first line after the answer is one more step")
        for (a, b) in zip(steps, steps.dropFirst()) {
            #expect(b.today - a.today == b.step.count - a.step.count, "the day's count follows the running count")
        }
        let later = try provider.stepsToday()
        #expect(later.steps >= (steps.last?.today ?? .max), "the store, flushed for the answer, holds every step seen")

        let directory = try TemporaryDirectory(prefix: "br-dash-nostore")
        let socket = directory.file("serve.sock")
        let noStore = try ChildProcess(
            try #require(PackagePaths.builtExecutable("bodyreadings")),
            ["serve", "--source", "sim", "--socket", socket, "--no-store"])
        defer { noStore.terminate() }
        #expect(waitUntil(timeout: 20) { (try? ServiceConnection(path: socket)) != nil })
        let storeless = try ServiceReadingsProvider(path: socket)
        defer { storeless.close() }
        #expect(throws: ServiceProtocolError("this service keeps no readings store")) { try storeless.stepsToday() }
    }

    /// What a subscription of one reading received.
    final class Updates<Reading: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Reading] = []

        func add(_ update: ReadingUpdate<Reading>) {
            guard case .reading(let reading) = update else { return }
            lock.lock()
            defer { lock.unlock() }
            values.append(reading)
        }

        var readings: [Reading] { lock.lock(); defer { lock.unlock() }; return values }
    }

    /// The service's altitude lines, with the day's flights, at the shortest interval its subscribers ask for; a
    /// line that lacks a field is an unavailability, not a made-up reading.
    @Test(.enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"))
    func theAltitudeArrivesWithTheDaysFlights() throws {
        let serve = try ServeCommandTests.RunningServe()
        defer { serve.process.terminate() }
        let provider = try ServiceReadingsProvider(path: serve.socket)
        defer { provider.close() }
        try #require(provider.availability(of: .altitude) == .available, "the simulated building's barometer")
        let updates = Updates<AltitudeUpdate>()
        let subscription = provider.subscribeAltitude(interval: 0.5) { updates.add($0) }
        #expect(waitUntil { updates.readings.count >= 5 })
        subscription.cancel()
        let times = updates.readings.map(\.reading.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.5) < 0.041 }, "every 0.5 s: \(times)")
        #expect(updates.readings.allSatisfy { (100...103).contains($0.reading.pressure) && $0.floorsAscended >= 0 })
        let partial = ServiceReadingFields.flights(.object([("t", .number(1)), ("pressure", .number(101.3))]))
        guard case .availability(.unavailable(let reason)) = partial else {
            Issue.record("a line without the altitude is no reading: \(partial)")
            return
        }
        #expect(reason == #"the service's altitude lacks "t", "pressure", "relative_altitude" or the floors"#)
    }

    @Test func noServiceIsNotFound() throws {
        let directory = try TemporaryDirectory(prefix: "br-dash-none")
        #expect(throws: CaptureError.self) { try ServiceReadingsProvider(path: directory.file("serve.sock")) }
    }
}
