import Foundation

/// Runs programs (the package's executables, the stock libiio tools, shells) as subprocesses.
public enum Subprocess {
    /// The absolute path of the system program `name` in the usual binary directories, or nil.
    public static func locate(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program` (a path, or a name found by `locate`) with `arguments`, no standard input, and collects its
    /// output. Kills it after `timeout` seconds (status -1). With `mergingStandardError`, both streams go to
    /// `stdout` in the order written. `environment`, when given, replaces the inherited environment; either way the
    /// child runs detached from the machine's runtime directories (``ChildEnvironment``).
    public static func run(
        _ program: String, _ arguments: [String], timeout: Double = 20, mergingStandardError: Bool = false,
        environment: [String: String]? = nil
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : locate(program) ?? program)
        process.arguments = arguments
        process.environment = ChildEnvironment.make(environment)
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = mergingStandardError ? out : err
        try process.run()
        let collector = OutputCollector()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collector.setOut(out.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        if !mergingStandardError {
            group.enter()
            DispatchQueue.global().async {
                collector.setErr(err.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            _ = group.wait(timeout: .now() + 2)
            return ProcessOutput(status: -1, stdout: collector.out, stderr: "timed out")
        }
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus, stdout: collector.out,
            stderr: String(decoding: collector.err, as: UTF8.self))
    }

    /// The first line `handle` delivers (without its newline), or nil when it ends first or `timeout` seconds pass.
    public static func firstLine(of handle: FileHandle, timeout: Double) -> String? {
        let collected = OutputCollector()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                data += chunk
            }
            collected.setOut(data)
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return String(decoding: collected.out, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
