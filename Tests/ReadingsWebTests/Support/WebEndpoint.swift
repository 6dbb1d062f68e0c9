import Foundation
import TestSupport

/// A running server of the readings web, asked with curl.
protocol WebEndpoint {
    /// `http://127.0.0.1:PORT`, without a slash at the end.
    var base: String { get }
}

extension WebEndpoint {
    /// curl's status and body for `path`.
    func get(_ path: String, _ options: [String] = []) throws -> (status: Int, body: String) {
        let output = try Subprocess.run("curl", ["-sS"] + options + ["-o", "-", "-w", "\n%{http_code}", base + path])
        var lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        let status = Int(lines.popLast() ?? "") ?? -1
        return (status, lines.joined(separator: "\n"))
    }

    /// The parsed JSON body of `path`.
    func json(_ path: String) throws -> (status: Int, value: [String: Any]) {
        let (status, body) = try get(path)
        return (status, (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:])
    }

    /// The events an event stream sends within `seconds`: (type, data) pairs. For what must not come; to wait for
    /// what must, `events(_:timeout:until:)` does not depend on how promptly a loaded machine sends it.
    func events(_ path: String, seconds: Double) throws -> [(event: String, data: [String: Any])] {
        let output = try Subprocess.run(
            "curl", ["-sSN", "--max-time", "\(seconds)", base + path], timeout: seconds + 10)
        return Self.parse(output.text)
    }

    /// The events an event stream sends until `enough` holds for them, or until `timeout` seconds (default 30:
    /// generous for a loaded machine) pass: (type, data) pairs.
    func events(
        _ path: String, timeout: Double = 30, until enough: ([(event: String, data: [String: Any])]) -> Bool
    ) throws -> [(event: String, data: [String: Any])] {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: Subprocess.locate("curl") ?? "/usr/bin/curl")
        curl.arguments = ["-sSN", "--max-time", "\(timeout)", base + path]
        curl.standardInput = FileHandle.nullDevice
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        var text = ""
        var events = Self.parse(text)
        while !enough(events) {
            // Empty at the end of the stream: curl's --max-time, or the server closed it.
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            events = Self.parse(text)
        }
        // SIGKILL: a process started by Foundation inherits the test runner's blocked SIGTERM.
        if curl.isRunning { kill(curl.processIdentifier, SIGKILL) }
        curl.waitUntilExit()
        return events
    }

    /// The complete events in an event stream's text.
    static func parse(_ text: String) -> [(event: String, data: [String: Any])] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var event = "message"
            var data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data += line.dropFirst(6) }
            }
            guard !data.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
            else { return nil }
            return (event, object)
        }
    }
}
