import Foundation
import TestSupport
import Testing

/// Permission denied on the readings store or on the socket's directory exits 77 (`EX_NOPERM`) with
/// the cause in words and its fix. The tests run as root, who may write anywhere, so `serve` runs as `nobody`
/// (setpriv) against directories only root may write.
@Suite(
    "serve as a user who may not write the store or the socket's directory",
    .enabled(
        if: PackagePaths.builtExecutable("bodyreadings") != nil && getuid() == 0 && Subprocess.locate("setpriv") != nil,
        "needs the built bodyreadings, root and setpriv to run it as nobody"))
struct ServePermissionTests {
    /// A directory nobody may enter and list but not write (0755, root's), and one nobody may write (0777).
    let closed: TemporaryDirectory
    let open: TemporaryDirectory

    init() throws {
        closed = try TemporaryDirectory(prefix: "br-perm-closed")
        open = try TemporaryDirectory(prefix: "br-perm-open")
        chmod(closed.path, 0o755)
        chmod(open.path, 0o777)
    }

    func serveAsNobody(_ arguments: [String]) throws -> ProcessOutput {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        return try Subprocess.run(
            "setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "HOME=\(open.path)",
             "XDG_RUNTIME_DIR=\(open.path)", tool, "serve", "--source", "sim"] + arguments, timeout: 30)
    }

    @Test func aStoreInADirectoryThisUserMayNotWriteExits77() throws {
        let store = closed.file("readings.sqlite")
        let output = try serveAsNobody(["--socket", open.file("s.sock"), "--store", store])
        #expect(output.status == 77, "\(output.stderr)")
        let lines = output.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(lines.first?.contains(store) == true, "\(output.stderr)")
        #expect(lines.first?.contains("--store") == true, "names the fix: \(output.stderr)")
        #expect(!output.stderr.contains("errno"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func anExistingStoreThisUserMayNotWriteExits77() throws {
        let store = closed.file("readings.sqlite")
        let made = try serveAsRoot(store: store)
        #expect(made, "root could not make the store")
        chmod(store, 0o644)
        let output = try serveAsNobody(["--socket", open.file("s.sock"), "--store", store])
        #expect(output.status == 77, "\(output.stderr)")
        #expect(output.stderr.contains(store) && !output.stderr.contains("errno"), "\(output.stderr)")
    }

    @Test func aSocketInADirectoryThisUserMayNotWriteExits77() throws {
        let socket = closed.file("s.sock")
        let output = try serveAsNobody(["--socket", socket, "--no-store"])
        #expect(output.status == 77, "\(output.stderr)")
        #expect(
            output.stderr.contains("cannot create the socket \(socket): \(String(cString: strerror(EACCES)))"),
            "\(output.stderr)")
        #expect(output.stderr.contains("--socket PATH") && !output.stderr.contains("errno"), "\(output.stderr)")
    }

    /// Makes a readings store at `store` the way the service does (a short run as root, stopped by SIGTERM).
    func serveAsRoot(store: String) throws -> Bool {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let serve = try ChildProcess(
            tool, ["serve", "--source", "sim", "--socket", open.file("root.sock"), "--store", store])
        let made = waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: store) }
        usleep(300_000)
        serve.terminate()
        return made && serve.exitCode() == 0
    }
}
