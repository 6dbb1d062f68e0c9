import Foundation
import IIODTestServer
import SystemSupport
import Testing

@testable import Sensors

/// A shared list of capture notes (captures log from their own threads).
final class CaptureNoteLog: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var notes: [CaptureNote] = []

    func append(_ note: CaptureNote) { lock.withLock { notes.append(note) } }
    var all: [CaptureNote] { lock.withLock { notes } }
}

/// Two captures of one device never fight over its settings (`DeviceClaim`), and a capture that cannot put a value
/// back says which (`CaptureNote.notRestored`): through libiio's network client against the test iiod's bmi160,
/// which is polled and whose `in_accel_sampling_frequency`, `in_anglvel_sampling_frequency` (100 Hz) a 2 ms
/// interval raises.
@Suite("capture: one capture per device, and what it could not restore")
struct CaptureClaimTests {
    static let fastInterval = 0.002

    static func started(_ uri: String, log: CaptureNoteLog? = nil) throws(CaptureError) -> IIOMotionSource {
        let source = try IIOMotionSource.open(uri: uri)
        try source.start(CaptureConfiguration(updateInterval: fastInterval) { note in log?.append(note) })
        return source
    }

    @Test("a second capture of a claimed device is refused before it writes, and any interleaving restores the device")
    func secondCaptureIsRefused() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let first = try Self.started(server.uri)
        let writesByFirst = server.acceptedWrites(of: "sampling_frequency")
        #expect(writesByFirst > 0, "the interval must make the capture change sampling_frequency")
        #expect(server.settingsSnapshot() != before)
        do {
            _ = try Self.started(server.uri)
            Issue.record("the second capture started beside the first")
        } catch {
            #expect(error.kind == .inUse)
            #expect(error.message.contains("bmi160 (iio:device0) is in use by bodyreadings process \(getpid())"))
        }
        #expect(server.acceptedWrites(of: "sampling_frequency") == writesByFirst, "the refused capture wrote")
        // Starts and stops interleaved: A, B refused, A stops, B runs, C refused, B stops.
        first.stop()
        #expect(server.settingsSnapshot() == before)
        let second = try Self.started(server.uri)
        #expect(throws: CaptureError.self) { _ = try Self.started(server.uri) }
        second.stop()
        #expect(server.settingsSnapshot() == before)
        second.stop()
        first.stop()
        #expect(server.settingsSnapshot() == before)
        // After the last stop the claim is free again.
        let third = try Self.started(server.uri)
        third.stop()
        #expect(server.settingsSnapshot() == before)
    }

    @Test("the claim is per device and context: other devices and other servers are free")
    func claimIsPerDevice() throws {
        let one = try IIODTestServer(fixture: .bmi160)
        defer { one.stop() }
        let two = try IIODTestServer(fixture: .bmi160)
        defer { two.stop() }
        let first = try Self.started(one.uri)
        defer { first.stop() }
        let second = try Self.started(two.uri)
        second.stop()
        let names = [
            DeviceClaim.fileName(uri: one.uri, deviceID: "iio:device0", role: nil),
            DeviceClaim.fileName(uri: two.uri, deviceID: "iio:device0", role: nil),
            DeviceClaim.fileName(uri: one.uri, deviceID: "iio:device1", role: nil),
            DeviceClaim.fileName(uri: one.uri, deviceID: "iio:device0", role: "steps"),
            DeviceClaim.fileName(uri: "", deviceID: "iio:device0", role: nil),
        ]
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { !$0.contains("/") && $0.hasPrefix("bodyreadings-") && $0.hasSuffix(".lock") })
        #expect(names[4] == DeviceClaim.fileName(uri: "local:", deviceID: "iio:device0", role: nil))
    }

    @Test("the lock file is removed when the claim is given up, and a crashed holder's file does not block")
    func lockFileLifecycle() throws {
        let directory = NSTemporaryDirectory() + "claims-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + DeviceClaim.fileName(uri: "ip:x", deviceID: "iio:device0", role: nil)
        // A file left by a holder that died: no one holds its flock.
        try "99999\n".write(toFile: path, atomically: false, encoding: .utf8)
        let claim = try DeviceClaim(
            uri: "ip:x", deviceID: "iio:device0", role: nil, label: "d", directories: [directory])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        #expect(throws: CaptureError(.inUse, "d is in use by bodyreadings process \(getpid()), which changed its settings")) {
            _ = try DeviceClaim(uri: "ip:x", deviceID: "iio:device0", role: nil, label: "d", directories: [directory])
        }
        claim.release()
        #expect(!FileManager.default.fileExists(atPath: path))
        let again = try DeviceClaim(
            uri: "ip:x", deviceID: "iio:device0", role: nil, label: "d", directories: [directory])
        again.release()
        // No usable directory: the capture runs unclaimed rather than not at all.
        let unclaimed = try DeviceClaim(
            uri: "ip:x", deviceID: "iio:device0", role: nil, label: "d", directories: [directory + "/missing"])
        unclaimed.release()
    }

    @Test("a value the device refuses to take back is named, with what it was, and nothing else is claimed restored")
    func refusedRestoreIsReported() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let log = CaptureNoteLog()
        let source = try Self.started(server.uri, log: log)
        server.refuseWrites()
        source.stop()
        let unrestored = log.all.compactMap { note -> [UnrestoredValue]? in
            if case .notRestored(let device, let values, let gone) = note, device == "bmi160 (iio:device0)", !gone {
                return values
            }
            return nil
        }
        #expect(unrestored.count == 1, "\(log.all)")
        let values = unrestored.first ?? []
        // Newest change first: the restorer undoes in reverse order.
        #expect(values.map(\.attribute) == ["in_anglvel_sampling_frequency", "in_accel_sampling_frequency"])
        #expect(values.allSatisfy { $0.previous == "100.000000" && $0.reason == String(cString: strerror(EIO)) })
        let line = CaptureNote.notRestored(device: "bmi160 (iio:device0)", values: values, gone: false).description
        let eio = String(cString: strerror(EIO))
        #expect(
            line == "warning: bmi160 (iio:device0): left changed: in_anglvel_sampling_frequency (was 100.000000; "
                + "\(eio)), in_accel_sampling_frequency (was 100.000000; \(eio))")
        let gone = CaptureNote.notRestored(device: "bmi160 (iio:device0)", values: values, gone: true).description
        #expect(
            gone == "warning: bmi160 (iio:device0) is gone: left changed: in_anglvel_sampling_frequency (was "
                + "100.000000), in_accel_sampling_frequency (was 100.000000)")
        // The claim was still given up: the device is not locked for ever.
        try DeviceClaim(uri: server.uri, deviceID: "iio:device0", role: nil, label: "bmi160").release()
    }
}
