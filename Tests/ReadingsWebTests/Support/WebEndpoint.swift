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

    /// The events an event stream sends within `seconds`: (type, data) pairs.
    func events(_ path: String, seconds: Double) throws -> [(event: String, data: [String: Any])] {
        let output = try Subprocess.run(
            "curl", ["-sSN", "--max-time", "\(seconds)", base + path], timeout: seconds + 10)
        return output.text.components(separatedBy: "\n\n").compactMap { block in
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
