import Foundation

/// Runs command-line tools to completion.
enum Run {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `path` with `arguments`, its output collected in temporary files.
    static func tool(_ path: String, _ arguments: [String]) throws -> Result {
        let directory = try TemporaryDirectory.make(prefix: "run")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path
        let error = directory.appendingPathComponent("err").path
        let child = try ChildProcess(path, arguments, standardOutput: .file(output), standardError: .file(error))
        let status = child.exitCode(timeout: 60) ?? -1
        func text(_ file: String) -> String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        return Result(status: status, output: text(output), error: text(error))
    }
}
