import Foundation
import TestSupport
import Testing

/// Runs a program and returns its status and combined output (`text`).
private func run(_ executable: String, _ arguments: [String]) throws -> ProcessOutput {
    try Subprocess.run(executable, arguments, mergingStandardError: true)
}

@Suite("udev rules and their install script")
struct UdevRulesTests {
    let rules = PackagePaths.file("udev/60-bodyreadings.rules")

    @Test("the device node rule gives group iio read-write (libiio opens the node O_RDWR)")
    func nodeRule() throws {
        let text = try String(contentsOfFile: rules, encoding: .utf8)
        #expect(text.contains("SUBSYSTEM==\"iio\", KERNEL==\"iio:device[0-9]*\", GROUP=\"iio\", MODE=\"0660\""))
    }

    @Test("the sysfs rule makes exactly the written attributes group-writable", .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh")))
    func sysfsRule() throws {
        // Extract the RUN+= shell command as udev would run it: `$$` → `$`, `%p` → the device path.
        let text = try String(contentsOfFile: rules, encoding: .utf8).replacingOccurrences(of: "\\\n", with: "")
        let line = try #require(text.split(separator: "\n").first { $0.contains("RUN+=") })
        let start = try #require(line.range(of: "RUN+=\"/bin/sh -c '"))
        let end = try #require(line.range(of: "'\"", options: .backwards))
        let group = try run("/usr/bin/id", ["-gn"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let sysfs = try TemporaryDirectory(prefix: "sysfs")
        let root = sysfs.path
        let device = "/devices/platform/i2c-1/1-0068/iio:device0"
        let command = String(line[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "$$", with: "$").replacingOccurrences(of: "/sys%p", with: root + device)
            .replacingOccurrences(of: "chgrp iio", with: "chgrp \(group)")
        let writable = [
            "buffer/enable", "buffer/length", "buffer/watermark", "buffer0/enable", "buffer0/in_accel_x_en",
            "scan_elements/in_accel_x_en", "scan_elements/in_timestamp_en", "trigger/current_trigger",
            "sampling_frequency", "in_accel_sampling_frequency",
        ]
        let readOnly = [
            "name", "in_accel_scale", "in_accel_x_raw", "scan_elements/in_accel_x_type", "buffer/data_available",
            "sampling_frequency_available", "in_accel_sampling_frequency_available",
        ]
        for file in writable + readOnly {
            let path = root + device + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
        }
        let result = try run("/bin/sh", ["-c", command])
        #expect(result.status == 0, "\(result.text)")
        for file in writable {
            let mode = try FileManager.default.attributesOfItem(atPath: root + device + "/" + file)[.posixPermissions]
            #expect(mode as? Int == 0o664, "\(file)")
        }
        for file in readOnly {
            let mode = try FileManager.default.attributesOfItem(atPath: root + device + "/" + file)[.posixPermissions]
            #expect(mode as? Int == 0o644, "\(file)")
        }
    }

    @Test("udev/install --destdir installs the rules file unchanged and --uninstall removes it")
    func install() throws {
        let temporary = try TemporaryDirectory(prefix: "udev")
        let destination = temporary.path
        let installed = try run(PackagePaths.file("udev/install"), ["--destdir", destination])
        #expect(installed.status == 0, "\(installed.text)")
        let target = destination + "/etc/udev/rules.d/60-bodyreadings.rules"
        #expect(FileManager.default.contents(atPath: target) == FileManager.default.contents(atPath: rules))
        let removed = try run(PackagePaths.file("udev/install"), ["--destdir", destination, "--uninstall"])
        #expect(removed.status == 0, "\(removed.text)")
        #expect(!FileManager.default.fileExists(atPath: target))
        let bad = try run(PackagePaths.file("udev/install"), ["--bogus"])
        #expect(bad.status == 64)
    }
}
