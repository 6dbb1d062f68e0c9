import Testing
import TestSupport

/// The set-up scripts on simulated fresh and stale Debian systems (stub apt on PATH, `APT_CONFIG` pointing apt at a
/// lists directory of the test's making): each `Tests/Scripts/*.test` prints one line per case and exits 1 when one
/// failed. `Tests/FreshMachine/run` does the same for real in a debootstrap'd bookworm (not in CI: downloads).
@Suite struct SetUpScriptTests {
    @Test(arguments: ["install-deps", "fetch-kernel", "bench-venv"])
    func scriptPassesOnSimulatedSystems(_ name: String) throws {
        let result = try Subprocess.run(
            "/bin/bash", [PackagePaths.file("Tests/Scripts/\(name).test")], timeout: 120, mergingStandardError: true)
        #expect(result.status == 0, "Tests/Scripts/\(name).test failed:\n\(result.text)")
        #expect(result.text.contains("\(name): all cases passed"), "\(result.text)")
    }
}
