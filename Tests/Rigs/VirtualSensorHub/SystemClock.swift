import Foundation
import Glibc

/// CLOCK_MONOTONIC in seconds.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// CLOCK_REALTIME in seconds (the clock the kernel's HID timestamps use by default).
public func realtimeSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Writes "REALTIME MONOTONIC" to `path`: both clocks' seconds at the trajectory's t = 0 (`monotonicStart`), so that
/// kernel timestamps (realtime by default) and host arrival times map to trajectory time. Best effort: a scenario
/// that needs the file says so when it is missing.
func writeStartFile(_ path: String, monotonicStart start: Double) {
    let text = String(format: "%.6f %.6f\n", realtimeSeconds() - (monotonicSeconds() - start), start)
    try? text.write(toFile: path, atomically: false, encoding: .utf8)
}

/// Creates (or empties) the file at `path`: a scenario waits for it as the sign that the device is up. Best effort.
func createFile(_ path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if fd >= 0 { close(fd) }
}

/// Writes a line to stderr (unbuffered, through the descriptor, so it is safe from any thread).
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
