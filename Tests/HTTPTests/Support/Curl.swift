import Foundation
import TestSupport

/// `curl` (Debian's package; `scripts/install-deps` installs it) as the reference client.
enum Curl {
    static let path = Subprocess.locate("curl")

    /// Runs curl with `arguments` (`-sS` added) and returns its exit status and output.
    static func run(_ arguments: [String], timeout: Double = 20) throws -> ProcessOutput {
        try Subprocess.run(path ?? "curl", ["-sS"] + arguments, timeout: timeout)
    }

    /// The status code and the body of one request.
    static func fetch(_ url: String, _ options: [String] = []) throws -> (status: Int, body: String) {
        let output = try run(options + ["-o", "-", "-w", "\n%{http_code}", url])
        let text = output.text
        let status = Int(text.split(separator: "\n").last ?? "") ?? -1
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
        return (status, body)
    }
}
