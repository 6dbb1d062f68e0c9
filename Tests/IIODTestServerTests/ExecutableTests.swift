import Foundation
import Glibc
import TestSupport
import Testing
@testable import IIODTestServer

/// The `bodyreadings-test-iiod` executable, built next to the test bundle.
enum Executable {
    static let path = PackagePaths.builtExecutable("bodyreadings-test-iiod")
}

@Suite(
    "bodyreadings-test-iiod",
    .enabled(if: Executable.path != nil, "build it first: swift build --product bodyreadings-test-iiod")
)
struct ExecutableTests {
    @Test("prints ip:127.0.0.1:PORT once listening, serves the fixture, exits 0 on SIGTERM")
    func servesAndStops() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Executable.path))
        process.arguments = ["--fixture", "inv-mpu6050", "--rate-scale", "fast"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let uri = try #require(Subprocess.firstLine(of: out.fileHandleForReading, timeout: 10))
        #expect(uri.hasPrefix("ip:127.0.0.1:"))
        let port = try #require(UInt16(uri.split(separator: ":").last ?? ""))
        let client = try RawClient(port: port)
        #expect(try client.read("READ mpu6050 sampling_frequency") == .success("50"))
        kill(process.processIdentifier, SIGTERM)
        let exited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            exited.signal()
        }
        #expect(exited.wait(timeout: .now() + 10) == .success)
        #expect(process.terminationStatus == 0)
        #expect(client.isClosed())
    }

    @Test("bad arguments: one-line error naming the fix, exit 64")
    func badArguments() throws {
        let path = try #require(Executable.path)
        for arguments in [["--fixture", "nonesuch"], [], ["--fixture", "bmi160", "--port", "99999"],
                          ["--fixture", "bmi160", "--rate-scale", "-1"], ["--frobnicate"]] {
            let result = try Subprocess.run(path, arguments, timeout: 10)
            #expect(result.status == 64, "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
    }

    @Test("--print-xml prints the fixture's context XML")
    func printXML() throws {
        let result = try Subprocess.run(try #require(Executable.path), ["--fixture", "st-lsm6dsx", "--print-xml"], timeout: 10)
        #expect(result.status == 0)
        #expect(result.text == IIOFixture.stLsm6dsx.xml + "\n")
    }
}
