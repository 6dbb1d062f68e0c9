import Foundation
import Glibc

/// SHA-256 digests through coreutils' `sha256sum`, fed straight from a file or from a program's standard output, so
/// that tens of megabytes of output never pass through the (unoptimised) test process.
public enum SHA256Sum {
    /// Why a digest could not be taken.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The digest of the file at `path`, as 64 lowercase hex digits.
    public static func ofFile(_ path: String) throws -> String {
        let result = try Subprocess.run("sha256sum", [path], timeout: 120)
        return try digest(result, of: path)
    }

    /// Runs `program` with `arguments` (standard error discarded) and returns the digest of everything it wrote to
    /// standard output, with its exit status.
    public static func ofOutput(
        of program: String, _ arguments: [String], timeout: Double = 600
    ) throws -> (digest: String, status: Int32) {
        let producer = Process()
        producer.executableURL = URL(fileURLWithPath: program)
        producer.arguments = arguments
        producer.standardInput = FileHandle.nullDevice
        producer.standardError = FileHandle.nullDevice
        let consumer = Process()
        consumer.executableURL = URL(fileURLWithPath: Subprocess.locate("sha256sum") ?? "/usr/bin/sha256sum")
        // A close-on-exec pipe of our own rather than Foundation's `Pipe`: no other child (of a test running in
        // parallel) can inherit its write end, so sha256sum sees end of file as soon as the producer exits.
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
        else { throw Failure(description: "pipe: errno \(errno)") }
        let readEnd = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let result = Pipe()
        producer.standardOutput = writeEnd
        consumer.standardInput = readEnd
        consumer.standardOutput = result
        try consumer.run()
        try producer.run()
        try writeEnd.close()
        try readEnd.close()
        let collected = OutputCollector()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            collected.setOut(result.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else {
            producer.terminate()
            consumer.terminate()
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) ran over \(timeout) s")
        }
        producer.waitUntilExit()
        consumer.waitUntilExit()
        let output = ProcessOutput(status: consumer.terminationStatus, stdout: collected.out, stderr: "")
        return (try digest(output, of: program), producer.terminationStatus)
    }

    private static func digest(_ output: ProcessOutput, of subject: String) throws -> String {
        let digest = String(output.text.prefix(64))
        guard output.status == 0, digest.count == 64, digest.allSatisfy(\.isHexDigit) else {
            throw Failure(description: "sha256sum failed on \(subject): \(output.stderr)")
        }
        return digest
    }
}
