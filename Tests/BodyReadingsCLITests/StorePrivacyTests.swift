import Foundation
import TestSupport
import Testing

/// The readings store is someone's health data: its default directory is created 0700 and its files (the database
/// and SQLite's `-wal` and `-shm`) 0600 whatever the umask; a store others may write is refused with the `chmod`
/// that fixes it (77); and a named store's or socket's missing directory is an error (74) that creates nothing.
@Suite("readings store and socket files are private")
struct StorePrivacyTests {
    private static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test(
        "serve's default store: directory 0700, files 0600 under umask 000 and 077",
        .enabled(if: PackagePaths.builtExecutable("bodyreadings") != nil && getuid() == 0, "needs bodyreadings, root"),
        arguments: ["000", "077"])
    func defaultStoreIsPrivateWhateverTheUmask(umask: String) throws {
        let tool = try #require(PackagePaths.builtExecutable("bodyreadings"))
        let scratch = try TemporaryDirectory(prefix: "br-store-umask")
        let directory = scratch.file("state/bodyreadings")
        let store = directory + "/readings.sqlite"
        let serve = try ChildProcess(
            "/bin/sh",
            [
                "-c", "umask \(umask) && exec \"$@\"", "sh", "/usr/bin/env",
                "BODYREADINGS_SYSTEM_STATE_DIR=\(directory)", tool, "serve", "--source", "sim", "--socket",
                scratch.file("s.sock"), "--store-flush", "0.05",
            ], standardError: .file(scratch.file("stderr")))
        defer { serve.terminate() }
        var log: String { (try? String(contentsOfFile: scratch.file("stderr"), encoding: .utf8)) ?? "" }
        // Serving (its signal handlers installed), with the store in WAL mode.
        let written = waitUntil {
            log.contains("serving ") && FileManager.default.fileExists(atPath: store + "-wal")
                && FileManager.default.fileExists(atPath: store + "-shm")
        }
        #expect(written, "no -wal and -shm beside \(store): \(log)")
        #expect(Self.mode(directory) == 0o700, "the store's directory under umask \(umask)")
        for file in [store, store + "-wal", store + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file) under umask \(umask)")
        }
        serve.send(SIGTERM)
        #expect(serve.exitCode() == 0, "\(log)")
    }

    @Test("a store others may write is refused naming the chmod, for reading and for writing (77)")
    func storeOthersMayWriteIsRefused() throws {
        let scratch = try TemporaryDirectory(prefix: "br-store-open")
        #expect(chmod(scratch.path, 0o755) == 0)
        let store = scratch.file("readings.sqlite")
        #expect(FileManager.default.createFile(atPath: store, contents: nil))
        for (path, mode) in [(store, mode_t(0o664)), (store, 0o646), (scratch.path, 0o777)] {
            #expect(chmod(store, 0o600) == 0 && chmod(scratch.path, 0o755) == 0)
            #expect(chmod(path, mode) == 0)
            let history = runStream(["history", "steps", "--store", store])
            #expect(history.status == 77, "mode \(String(mode, radix: 8)) on \(path): \(history.stderr)")
            #expect(history.stderr.contains("other users may write \(path)"), "\(history.stderr)")
            #expect(history.stderr.contains("'chmod go-w \(path)'"), "\(history.stderr)")
            let serve = runStream(["serve", "--source", "sim", "--socket", scratch.file("s.sock"), "--store", store])
            #expect(serve.status == 77, "\(serve.stderr)")
            #expect(serve.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1, "\(serve.stderr)")
        }
        #expect(chmod(scratch.path, 0o755) == 0)
    }

    @Test("a named store's or socket's missing directory exits 74 naming it, and nothing is created")
    func missingParentsAreNotCreated() throws {
        let scratch = try TemporaryDirectory(prefix: "br-store-parents")
        let store = scratch.file("nope/deeper/x.sqlite")
        let result = runStream(["serve", "--source", "sim", "--socket", scratch.file("s.sock"), "--store", store])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("no directory \(scratch.file("nope/deeper"))"), "\(result.stderr)")
        let socket = scratch.file("nonexistent/dir/s.sock")
        let served = runStream(["serve", "--source", "sim", "--socket", socket, "--no-store"])
        #expect(served.status == 74, "\(served.stderr)")
        #expect(served.stderr.contains("no directory \(scratch.file("nonexistent/dir")) for the socket"), "\(served.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "something was created")
    }
}
