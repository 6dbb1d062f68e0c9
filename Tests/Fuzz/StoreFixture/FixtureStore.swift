import Glibc
import Pedometry
import Pulse
import ReadingsStore

/// A readings store for the harnesses that answer queries from outside: a fresh file in a temporary directory,
/// written once with steps, heart rate, beats and motion over two days before ``now`` (so that every granularity
/// has rows to cut), then opened read-only. Queries never change it, so every input meets the same store.
public enum FixtureStore {
    /// The harnesses' "now": 2026-12-01T00:00:00Z.
    public static let now: Double = 1_796_083_200

    /// The store, written on first use. Stops the harness when it cannot be made (nothing could be fuzzed).
    public static let store: ReadingsDatabase = {
        var template = Array("/tmp/br-fuzz-store-XXXXXX".utf8CString)
        guard let directory = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        let path = String(cString: directory) + "/readings.sqlite"
        do {
            let writer = try ReadingsDatabase(path: path, access: .readWrite)
            let recorder = ReadingsRecorder(
                store: writer, settings: ReadingsRecorder.Settings(flushInterval: 3600), clock: { now })
            var time = now - 2 * 86400
            while time < now {
                recorder.recordSteps(Int(time.truncatingRemainder(dividingBy: 7)), at: time)
                recorder.recordHeartRate(60 + time.truncatingRemainder(dividingBy: 40), at: time)
                recorder.recordBeat(at: time, rrInterval: 0.9, quality: .good)
                recorder.recordMotion(userAcceleration: 0.3, activity: .walking, at: time)
                time += 577
            }
            try recorder.close()
            try writer.close()
            return try ReadingsDatabase(path: path, access: .readOnly)
        } catch {
            fatalError("the fixture store could not be written: \(error)")
        }
    }()
}
