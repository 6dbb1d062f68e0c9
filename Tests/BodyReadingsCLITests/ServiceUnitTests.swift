import Foundation
import TestSupport
import Testing

/// The systemd units of `bodyreadings serve` and their installation by `udev/install --service`.
@Suite("systemd units")
struct ServiceUnitTests {
    private func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> ProcessOutput
    {
        try Subprocess.run(executable, arguments, mergingStandardError: true, environment: environment)
    }

    static let analyzer = "/usr/bin/systemd-analyze"

    @Test func theSystemUnitRunsUnprivilegedInGroupIioAndKeepsSysfsWritable() throws {
        let text = try String(contentsOfFile: PackagePaths.file("systemd/bodyreadings.service"), encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for required in [
            "ExecStart=/usr/local/bin/bodyreadings serve", "User=bodyreadings", "Group=iio",
            "RuntimeDirectory=bodyreadings", "StateDirectory=bodyreadings", "KillSignal=SIGTERM",
            "NoNewPrivileges=yes", "ProtectSystem=strict", "DeviceAllow=char-iio rw", "CapabilityBoundingSet=",
        ] {
            #expect(lines.contains(required), "\(required)")
        }
        // /sys must stay writable (sampling frequency, buffer, trigger through the udev rules) and /dev/iio:* visible.
        for forbidden in ["ProtectKernelTunables=yes", "PrivateDevices=yes", "PrivateUsers=yes", "DynamicUser=yes"] {
            #expect(!lines.contains(forbidden), "\(forbidden)")
        }
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: analyzer), "needs systemd-analyze"),
        .enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil, "needs the built bodyreadings"),
        arguments: ["systemd/bodyreadings.service", "systemd/user/bodyreadings.service"])
    func unitsVerify(unit: String) throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let temporary = try TemporaryDirectory(prefix: "units")
        try FileManager.default.createDirectory(atPath: temporary.file("run"), withIntermediateDirectories: true)
        // The unit as installed, with ExecStart pointing at the built binary (verify checks that it exists).
        let text = try String(contentsOfFile: PackagePaths.file(unit), encoding: .utf8)
            .replacingOccurrences(of: "/usr/local/bin/bodyreadings", with: tool)
        let copy = temporary.file("bodyreadings.service")
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        let user = unit.contains("/user/")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = temporary.file("run")
        let result = try run(Self.analyzer, (user ? ["--user"] : []) + ["verify", copy], environment: environment)
        #expect(result.status == 0 && result.text.isEmpty, "\(result.text)")
    }

    @Test func installServicePutsBinaryAndUnitsInPlaceAndUninstallRemovesThem() throws {
        let temporary = try TemporaryDirectory(prefix: "service-install")
        let destination = temporary.path
        let script = PackagePaths.file("udev/install")
        let installed = try run(script, ["--service", "--binary", "/bin/true", "--destdir", destination])
        #expect(installed.status == 0, "\(installed.text)")
        let files = [
            ("/usr/local/bin/bodyreadings", "/bin/true", 0o755),
            ("/etc/systemd/system/bodyreadings.service", PackagePaths.file("systemd/bodyreadings.service"), 0o644),
            ("/etc/systemd/user/bodyreadings.service", PackagePaths.file("systemd/user/bodyreadings.service"), 0o644),
        ]
        for (target, source, mode) in files {
            #expect(FileManager.default.contents(atPath: destination + target) == FileManager.default.contents(atPath: source), "\(target)")
            let attributes = try FileManager.default.attributesOfItem(atPath: destination + target)
            #expect(attributes[.posixPermissions] as? Int == mode, "\(target)")
        }
        let removed = try run(script, ["--service", "--uninstall", "--destdir", destination])
        #expect(removed.status == 0, "\(removed.text)")
        for (target, _, _) in files { #expect(!FileManager.default.fileExists(atPath: destination + target), "\(target)") }

        let missing = try run(script, ["--service", "--binary", temporary.file("nope"), "--destdir", destination])
        #expect(missing.status == 66 && missing.text.contains("no bodyreadings binary"), "\(missing.text)")
    }
}
