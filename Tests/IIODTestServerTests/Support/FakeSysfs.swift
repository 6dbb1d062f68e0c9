import Foundation
import Glibc
import TestSupport
@testable import IIODTestServer

/// Builds, inside a private mount namespace, the sysfs tree a kernel would show for a fixture and serves it with
/// the real iiod 0.24 (`unshare -m`, tmpfs over /sys/bus and /sys/kernel): the ground truth the test server must
/// match. Needs root (or CAP_SYS_ADMIN) and iiod.
enum FakeSysfs {
    /// Whether private mount namespaces work here (root in a container may still lack CAP_SYS_ADMIN).
    static let isAvailable: Bool = {
        guard getuid() == 0, Subprocess.locate("unshare") != nil, Tools.haveIIOD else { return false }
        guard let result = try? Subprocess.run("unshare", ["-m", "sh", "-c", "mount -t tmpfs none /sys/bus"], timeout: 10)
        else { return false }
        return result.status == 0
    }()

    private static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell script that creates the tree and then becomes iiod on `port`.
    static func script(for fixture: IIOFixture, port: UInt16) -> String {
        var lines = [
            "set -e",
            "mount -t tmpfs none /sys/bus",
            "mount -t tmpfs none /sys/kernel",
            "mkdir -p /sys/bus/iio/devices /sys/kernel/debug/iio",
        ]
        func file(_ path: String, _ value: String) {
            lines.append("printf '%s\\n' \(quote(value)) > \(quote(path))")
        }
        for device in fixture.devices {
            let directory = "/sys/bus/iio/devices/\(device.id)"
            lines.append("mkdir -p \(quote(directory))")
            file("\(directory)/name", device.name)
            if device.isTrigger { continue }
            for attribute in device.attributes { file("\(directory)/\(attribute.name)", attribute.value) }
            var written = Set<String>()
            // tmpfs lists the newest file first and libiio keeps attribute-only channels in the order it meets them
            // (a kernel's sysfs has an order of its own): writing those channels last-first lets libiio see them in
            // the fixture's order.
            let ordered = device.channels.filter { $0.scanIndex != nil }
                + device.channels.filter { $0.scanIndex == nil }.reversed()
            for channel in ordered {
                for attribute in channel.attributes {
                    let name = attribute.filename ?? attribute.name
                    if written.insert(name).inserted { file("\(directory)/\(name)", attribute.value) }
                }
                if let index = channel.scanIndex, let format = channel.scanFormat {
                    lines.append("mkdir -p \(quote(directory))/scan_elements")
                    file("\(directory)/scan_elements/in_\(channel.id)_en", "0")
                    file("\(directory)/scan_elements/in_\(channel.id)_index", "\(index)")
                    file("\(directory)/scan_elements/in_\(channel.id)_type", format.kernelString)
                }
            }
            if !device.bufferAttributes.isEmpty { lines.append("mkdir -p \(quote(directory))/buffer") }
            for attribute in device.bufferAttributes { file("\(directory)/buffer/\(attribute.name)", attribute.value) }
            if case .settable(let current) = device.trigger {
                lines.append("mkdir -p \(quote(directory))/trigger")
                file("\(directory)/trigger/current_trigger", current ?? "")
            } else if case .unsupported(let code) = device.trigger, code != ENOENT {
                lines.append("mkdir -p \(quote(directory))/trigger")
                file("\(directory)/trigger/current_trigger", "")
            }
            if !device.debugAttributes.isEmpty {
                lines.append("mkdir -p \(quote("/sys/kernel/debug/iio/\(device.id)"))")
                for attribute in device.debugAttributes {
                    file("/sys/kernel/debug/iio/\(device.id)/\(attribute.name)", attribute.value)
                }
            }
        }
        lines.append("exec iiod -p \(port)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A real iiod serving the fixture's fake sysfs; `stop()` kills it.
    final class RealIIOD {
        private(set) var process = Process()
        private(set) var port: UInt16 = 0
        let scriptPath: String
        let fixture: IIOFixture

        init(fixture: IIOFixture) throws {
            self.fixture = fixture
            // One script per server: the PRINT and READ comparisons of a fixture run at the same time, and with a
            // shared path one's iiod could read the other's port (listening where its test never looked).
            scriptPath = FileManager.default.temporaryDirectory
                .appendingPathComponent("fakesysfs-\(fixture.name)-\(UUID().uuidString).sh").path
            try start()
        }

        /// Starts iiod on a port below the ephemeral range (where port-0 servers of parallel tests land).
        private func start() throws {
            port = UInt16.random(in: 20000..<30000)
            try Data(FakeSysfs.script(for: fixture, port: port).utf8).write(to: URL(fileURLWithPath: scriptPath))
            process = Process()
            process.executableURL = URL(fileURLWithPath: Subprocess.locate("unshare") ?? "/usr/bin/unshare")
            process.arguments = ["-m", "bash", scriptPath]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Connects, restarting iiod on another port when it exited (its port was taken). A running iiod gets 30 s
        /// to listen: the script writes the whole fake sysfs first, which took more than 5 s in a loaded full run.
        func connect() throws -> RawClient {
            for _ in 0..<5 {
                for _ in 0..<300 {
                    if let client = try? RawClient(port: port) { return client }
                    if !process.isRunning { break }
                    usleep(100_000)
                }
                if process.isRunning { break }
                try start()
            }
            throw RawClient.Failure(description: "real iiod did not listen (last port \(port))")
        }

        func stop() {
            // iiod 0.24 does not exit on SIGTERM while serving; it runs as this process (exec).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            unlink(scriptPath)
        }
    }
}
