import Foundation
import IIODTestServer
import Sensors
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// The device is left as `stream` found it, or the exit status says it is not: against the test iiod's bmi160
/// (polled; a 2 ms interval raises its accelerometer's and gyroscope's `sampling_frequency` from 100 Hz).
@Suite("stream: one capture per device, and a restore that fails is not a success")
struct DeviceSettingsTests {
    @Test("a stream of a device another capture holds fails with 69, naming the holder and --source serve")
    func secondStreamIsRefused() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let before = server.settingsSnapshot()
        let holder = try IIOMotionSource.open(uri: server.uri)
        try holder.start(CaptureConfiguration(updateInterval: 0.002))
        let writes = server.acceptedWrites(of: "sampling_frequency")
        let result = runStream(["stream", "--uri", server.uri, "--interval", "0.002", "--count", "5", "--format", "csv"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("error: bmi160 (iio:device0) is in use by bodyreadings process \(getpid())"))
        #expect(result.stderr.contains("--source serve"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
        #expect(server.acceptedWrites(of: "sampling_frequency") == writes, "the refused stream wrote sampling_frequency")
        holder.stop()
        #expect(server.settingsSnapshot() == before)
        // Free again: the same stream now runs and leaves the device as it was.
        let again = runStream(["stream", "--uri", server.uri, "--interval", "0.002", "--count", "5", "--format", "csv"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.settingsSnapshot() == before)
    }

    @Test("a sampling frequency the device does not take back: the rows are written, the value named, exit 69")
    func failedRestoreIsNotSuccess() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let refuser = Thread {
            // Once the stream changed both frequencies (accelerometer, gyroscope), the device stops taking writes (a
            // bus that stopped answering). After the first only, the second write would fail the start itself
            // (exit 74) when this thread is quicker than the stream, as it was once in a full run.
            _ = waitUntil { server.acceptedWrites(of: "sampling_frequency") >= 2 }
            server.refuseWrites()
        }
        refuser.start()
        let result = runStream(["stream", "--uri", server.uri, "--interval", "0.002", "--duration", "1", "--format", "csv"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count > 10, "the rows before the failure are kept")
        #expect(
            result.stderr.contains(
                "warning: bmi160 (iio:device0): left changed: in_anglvel_sampling_frequency (was 100.000000; "
                    + String(cString: strerror(EIO)) + "), in_accel_sampling_frequency (was 100.000000; "),
            "\(result.stderr)")
        #expect(result.stderr.contains("error: bmi160 (iio:device0) left with changed settings"), "\(result.stderr)")
        #expect(server.value(device: "iio:device0", channel: "accel_x", attribute: "sampling_frequency") == "800.000000")
    }
}
