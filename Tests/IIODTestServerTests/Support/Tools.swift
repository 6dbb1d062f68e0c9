import Foundation

/// Runs the stock libiio tools (and iiod) as subprocesses.
enum Tools {
    static func path(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static var haveLibiioUtils: Bool { path("iio_info") != nil && path("iio_attr") != nil && path("iio_readdev") != nil }
    static var haveIIOD: Bool { path("iiod") != nil }

    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `tool` with `arguments`, killing it after `timeout` seconds (then status is -1).
    static func run(_ tool: String, _ arguments: [String], timeout: Double = 20) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(tool) ?? tool)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let collector = Collector()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            collector.setOut(data)
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            collector.setErr(data)
            group.leave()
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            _ = group.wait(timeout: .now() + 2)
            return Output(status: -1, stdout: collector.out, stderr: "timed out")
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: collector.out, stderr: String(decoding: collector.err, as: UTF8.self))
    }

    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data()
        private var errData = Data()
        func setOut(_ data: Data) { lock.lock(); outData = data; lock.unlock() }
        func setErr(_ data: Data) { lock.lock(); errData = data; lock.unlock() }
        var out: Data { lock.lock(); defer { lock.unlock() }; return outData }
        var err: Data { lock.lock(); defer { lock.unlock() }; return errData }
    }
}
