#if canImport(Glibc)
import Glibc
#endif
import BodyReadings
import Foundation
import ReadingFormats
import Sensors
import SystemSupport
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// A source that never delivers a sample ends a `--duration` run by the wall-clock watchdog; that is a failure
/// (exit 69 naming what to check), not a short recording with exit 0 — seen in the VM under load, where a
/// service's capture had not started when its clients' durations ran out.
@Suite("a source that delivers nothing")
struct StalledSourceTests {
    /// A service that says hello, accepts every subscription and then sends nothing, until released.
    final class SilentService: @unchecked Sendable {
        // @unchecked: the listener and the client descriptors are only touched on the serving thread.
        let path: String
        private let listener: ListeningSocket
        private let stop = DispatchSemaphore(value: 0)
        private let stopped = DispatchSemaphore(value: 0)

        init(path: String) throws {
            self.path = path
            listener = try UnixSocket.listen(path: path)
            Thread.detachNewThread { [self] in serve() }
        }

        /// Stops serving and closes every connection.
        func close() {
            stop.signal()
            stopped.wait()
            unlink(path)
        }

        private func serve() {
            var clients: [(descriptor: Int32, pending: [UInt8])] = []
            defer {
                for client in clients { Glibc.close(client.descriptor) }
                stopped.signal()
            }
            let availability = ServiceAvailability(
                source: "silent", hasAccelerometer: true, hasGyroscope: true, hasMagnetometer: false,
                maximumSampleRate: 100, unavailable: [:])
            while stop.wait(timeout: .now() + 0.01) == .timedOut {
                if let (descriptor, _) = try? listener.accept() {
                    send(ServiceEvent.helloLine(service: "bodyreadings test", availability: availability), descriptor)
                    clients.append((descriptor, []))
                }
                for index in clients.indices {
                    var bytes = [UInt8](repeating: 0, count: 4096)
                    let count = read(clients[index].descriptor, &bytes, bytes.count)
                    guard count > 0 else { continue }
                    clients[index].pending += bytes[..<count]
                    while let newline = clients[index].pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = clients[index].pending[..<newline]
                        clients[index].pending.removeSubrange(...newline)
                        let request = String(decoding: line, as: UTF8.self)
                        let op = request.contains("\"unsubscribe\"") ? "unsubscribe" : "subscribe"
                        send(ServiceEvent.replyLine(op: op, id: .string("source")), clients[index].descriptor)
                    }
                }
            }
        }

        private func send(_ line: [UInt8], _ descriptor: Int32) {
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    @Test func aDurationRunWithoutASingleSampleFailsWithUnavailable() throws {
        let directory = try TemporaryDirectory(prefix: "stalled-source")
        let service = try SilentService(path: directory.file("serve.sock"))
        defer { service.close() }
        for command in [["stream", "--format", "jsonl"], ["steps"], ["record", "-"]] {
            let result = runStream(command + ["--source", "serve:" + service.path, "--duration", "0.5"])
            #expect(result.status == 69, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains("error: the source delivered no samples within the duration and 1 s more"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func onlyARunThatTheWatchdogEndedWithNothingIsAFailure() throws {
        func report(_ ending: PipelineEnding, elements: Int) -> PipelineReport {
            PipelineReport(ending: ending, statistics: CaptureStatistics(), elements: elements, updates: 0)
        }
        #expect(throws: CLIError.self) { try StreamCommand.requireSamples(report(.duration, elements: 0)) }
        try StreamCommand.requireSamples(report(.duration, elements: 1))
        try StreamCommand.requireSamples(report(.endOfInput, elements: 0))
        try StreamCommand.requireSamples(report(.cancelled, elements: 0))
    }
}
