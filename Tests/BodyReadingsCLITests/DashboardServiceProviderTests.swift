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
        let directory = try TemporaryDirectory(prefix: "br-dash-provider")
        let socket = directory.file("serve.sock")
        let serve = try ChildProcess(
            try #require(PackagePaths.builtExecutable("bodyreadings")), ["serve", "--source", "sim", "--socket", socket])
        defer { serve.terminate() }
        #expect(waitUntil(timeout: 20) { (try? ServiceConnection(path: socket)) != nil })

        let provider = try ServiceReadingsProvider(path: socket)
        defer { provider.close() }
        #expect(provider.name == "serve \(socket): sim (seed 1)")
        #expect(provider.availability(of: .motion) == .available)
        let hello = try ServiceConnection(path: socket).availability
        for (kind, reading) in [(ReadingKind.steps, ServiceReading.steps), (.heartRate, .heartRate)] {
            let expected = hello.unavailable[reading].map { ReadingAvailability.unavailable(reason: $0) } ?? .available
            #expect(provider.availability(of: kind) == expected, "\(kind) as the service's hello says")
        }
        #expect(throws: (any Error).self) { try provider.stepsToday() }

        let received = Received()
        let subscription = provider.subscribeMotion(interval: 0.2) { received.add($0) }
        #expect(waitUntil(timeout: 10) { received.times.count >= 5 })
        let times = received.times
        let spacing = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(spacing.allSatisfy { abs($0 - 0.2) < 0.011 }, "every 0.2 s of sample time: \(spacing)")

        serve.send(SIGTERM)
        #expect(waitUntil(timeout: 10) { !received.unavailable.isEmpty })
        #expect(received.unavailable.first == "the service stopped (the service is stopping)")
        #expect(provider.availability(of: .motion) == .unavailable(reason: "the service stopped (the service is stopping)"))
        subscription.cancel()
        #expect(serve.exitCode() == 0)
    }

    @Test func noServiceIsNotFound() throws {
        let directory = try TemporaryDirectory(prefix: "br-dash-none")
        #expect(throws: CaptureError.self) { try ServiceReadingsProvider(path: directory.file("serve.sock")) }
    }
}
