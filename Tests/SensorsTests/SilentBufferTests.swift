import Foundation
import IIODTestServer
import Testing

@testable import Sensors

/// Lines a capture logs, collected from its threads.
private final class NoteLines: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ note: CaptureNote) { lock.withLock { collected.append(note.description) } }
    var lines: [String] { lock.withLock { collected } }
}

/// A sensor whose buffer is enabled but never delivers (no interrupt line wired: bmc150-accel's FIFO on a board with
/// only SDA and SCL connected), served by the test iiod with the driver's attributes.
@Suite("a buffer that never delivers falls back to polling", .serialized)
struct SilentBufferTests {
    @Test("the capture notices the silent buffer within its first refill, says so once and polls the raw values")
    func fallsBackToPolling() throws {
        let server = try IIODTestServer(fixture: .bmc150Accel)
        defer { server.stop() }
        let inventory = try SensorDiscovery.discover(uri: server.uri)
        let accelerometer = try #require(inventory.preferred(.accelerometer))
        #expect(accelerometer.captureMode == .buffered, "\(accelerometer.captureReason)")
        let before = server.settingsSnapshot()
        let notes = NoteLines()
        let source = try IIOMotionSource(inventory: inventory)
        try source.start(CaptureConfiguration(updateInterval: 0.02, log: { notes.append($0) }))
        var readings: [SensorReading] = []
        let start = Date()
        while readings.count < 25, Date().timeIntervalSince(start) < 60, let batch = try source.read() {
            readings += batch
        }
        source.stop()
        #expect(readings.count >= 25, "\(notes.lines)")
        let silent = notes.lines.filter { $0.contains("the buffer delivered nothing") }
        #expect(silent.count == 1, "\(notes.lines)")
        #expect(silent.first?.contains("polling in_*_raw instead") == true)
        #expect(notes.lines.contains { $0.contains("polling at") }, "\(notes.lines)")
        // Polled raw values are the demo scene's gravity: |a| near 9.81 m/s² while it lies still at its start.
        let first = try #require(readings.first { $0.kind == .accelerometer })
        let norm = (first.value.x * first.value.x + first.value.y * first.value.y + first.value.z * first.value.z)
            .squareRoot()
        #expect(abs(norm - 9.80665) < 0.5, "\(first.value)")
        // The silent buffer was let go: the server sees its connection end.
        let released = Date()
        while server.openBufferCount(of: "iio:device0") > 0, Date().timeIntervalSince(released) < 10 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(server.openBufferCount(of: "iio:device0") == 0)
        // The rate the capture chose (62.5 Hz for 0.02 s updates) is put back through the context's connection.
        #expect(server.settingsSnapshot() == before)
    }
}
