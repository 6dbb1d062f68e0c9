import Foundation
import SystemSupport
import Testing
@testable import Sensors

/// A flag and a counter shared with the watch's closures.
private final class Probe: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var present = true
    private var calls = 0

    var exists: Bool {
        get { lock.withLock { present } }
        set { lock.withLock { present = newValue } }
    }
    var vanishCalls: Int { lock.withLock { calls } }
    func vanished() { lock.withLock { calls += 1 } }
}

@Suite("capture: vanish watch and sysfs attribute files")
struct CaptureVanishTests {
    /// The unplug fix: a refill asleep on a removed device is woken by the watch, once, as soon as sysfs says so.
    @Test func watchFiresOnceWhenTheDeviceIsGone() {
        let probe = Probe()
        let watch = VanishWatch(exists: { probe.exists }, onVanish: { probe.vanished() })
        #expect(!watch.check())
        #expect(!watch.hasFired)
        #expect(probe.vanishCalls == 0)
        probe.exists = false
        #expect(watch.check())
        #expect(watch.check())
        #expect(watch.hasFired)
        #expect(probe.vanishCalls == 1)
    }

    /// The timer drives the same check: started on a device that is gone, it calls `onVanish` (waits up to 10 s).
    @Test func startedWatchChecksByItself() {
        let done = DispatchSemaphore(value: 0)
        let watch = VanishWatch(exists: { false }, onVanish: { done.signal() })
        watch.start(interval: 0.01)
        defer { watch.stop() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(watch.hasFired)
    }

    @Test func localDeviceWatchLooksAtSysfs() {
        let watch = VanishWatch(localDevice: "iio:device-that-does-not-exist-\(UUID().uuidString)", onVanish: {})
        #expect(watch.check())
    }

    /// The polling fix: an attribute kept open reads its current value every time (seek to 0, read again).
    @Test func attributeFileRereadsTheCurrentValue() throws {
        let path = NSTemporaryDirectory() + "bodyreadings-raw-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "-1234\n".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try #require(SysfsAttributeFile(path: path))
        #expect(try file.readDouble() == -1234)
        #expect(try file.readDouble() == -1234)
        // Rewrite in place (same inode), as sysfs regenerates the text.
        let writer = try #require(FileHandle(forWritingAtPath: path))
        try writer.truncate(atOffset: 0)
        try writer.write(contentsOf: Data("56\n".utf8))
        try writer.close()
        #expect(try file.readDouble() == 56)
        #expect(try file.readText() == "56")
    }

    @Test func attributeFileRejectsWhatItCannotOpenOrParse() throws {
        #expect(SysfsAttributeFile(path: "/nonexistent-\(UUID().uuidString)") == nil)
        let path = NSTemporaryDirectory() + "bodyreadings-raw-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "abc\n".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try #require(SysfsAttributeFile(path: path))
        #expect(try file.readDouble() == nil)
    }
}
