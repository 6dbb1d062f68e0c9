import Foundation
import TestSupport
import Testing
@testable import BodyReadingsCLI

/// The token and HTTP failures of `serve` name their cause in the C library's words, never as
/// `(errno N)` or a C function's name, and each carries its fix.
@Suite("serve's system failures read as words, with their fix")
struct ErrnoFreeMessagesTests {
    static let missing = String(cString: strerror(ENOENT))

    func expectOneWordyLine(_ result: (status: Int32, stdout: String, stderr: String), _ expected: String) {
        let lines = ErrorAuditTests.errorLines(result.stderr)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!result.stderr.contains("errno") && !result.stderr.contains("bind:"), "\(result.stderr)")
        #expect(lines.first?.contains("; ") == true, "no fix: \(result.stderr)")
    }

    @Test func aTokenFileThatCannotBeRead() throws {
        let directory = try TemporaryDirectory(prefix: "br-words")
        let result = runStream([
            "serve", "--source", "sim", "--socket", directory.file("s.sock"), "--no-store", "--http", "127.0.0.1:0",
            "--token", directory.file("missing-token"),
        ])
        #expect(result.status == 74)
        expectOneWordyLine(result, "cannot read the token file \(directory.file("missing-token")): \(Self.missing)")
    }

    @Test func anHTTPPortAnotherProgramHolds() throws {
        let directory = try TemporaryDirectory(prefix: "br-words")
        let holder = try ListeningSocketHolder()
        let result = runStream([
            "serve", "--source", "sim", "--socket", directory.file("s.sock"), "--no-store", "--http",
            "127.0.0.1:\(holder.port)",
        ])
        #expect(result.status == 69)
        expectOneWordyLine(
            result, "cannot listen on 127.0.0.1:\(holder.port): \(String(cString: strerror(EADDRINUSE)))")
    }
}
