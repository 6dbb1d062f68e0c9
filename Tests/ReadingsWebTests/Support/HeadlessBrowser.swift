import Foundation
import TestSupport

/// Debian's headless Chromium (`chromium-headless-shell`), driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: JSON messages ending in NUL, the browser reading fd 3 and writing fd 4).
///
/// Why not `--dump-dom` with `--virtual-time-budget`: virtual time only advances while no network fetch is pending,
/// and an `EventSource` is a fetch that never ends, so the budget never runs out (Chromium 156 hangs). Without the
/// budget, `--dump-dom` and `--screenshot` fire at the load event, a second after opening, before the streams have
/// filled the page. The protocol lets the test read the page at chosen moments of real time, collect script
/// exceptions and console errors, and take screenshots at any window size.
final class HeadlessBrowser {
    static let path = ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let process: ChildProcess
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session: String?
    /// Script exceptions and console errors seen so far, as text.
    private(set) var problems: [String] = []

    init() throws {
        guard let path = Self.path else { throw Failure(description: "chromium-headless-shell is not installed") }
        var requests: [Int32] = [-1, -1]
        var answers: [Int32] = [-1, -1]
        guard pipe(&requests) == 0, pipe(&answers) == 0 else { throw Failure(description: "pipe failed") }
        // As root (the CI), Chromium refuses to start without --no-sandbox.
        let arguments = ["--no-sandbox", "--remote-debugging-pipe", "--hide-scrollbars", "--mute-audio", "about:blank"]
        defer {
            close(requests[0])
            close(answers[1])
        }
        // No other child may hold an end (no end of file while it runs); this one gets its copies as fd 3 and 4.
        for end in requests + answers { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        process = try ChildProcess(path, arguments, descriptors: [3: requests[0], 4: answers[1]])
        toBrowser = requests[1]
        fromBrowser = answers[0]
        let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target: \(target)") }
        let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        session = attached["sessionId"] as? String
        _ = try call("Runtime.enable")
        _ = try call("Page.enable")
    }

    deinit {
        _ = try? call("Browser.close", inSession: false, timeout: 2)
        close(toBrowser)
        close(fromBrowser)
        if process.wait(timeout: 2) == nil { process.terminate() }
    }

    /// Sets the viewport: CSS pixels, device pixel ratio, and whether the page is shown as on a phone.
    func setViewport(width: Int, height: Int, scale: Double = 1, mobile: Bool = false) throws {
        _ = try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile])
    }

    /// Opens `url` and waits for its load event.
    func open(_ url: String, timeout: Double = 20) throws {
        _ = try call("Page.navigate", ["url": url])
        _ = try waitForEvent("Page.loadEventFired", timeout: timeout)
    }

    /// The value of the JavaScript `expression` in the page (JSON-compatible values).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true in the page; false when `timeout` seconds pass first.
    func wait(until expression: String, timeout: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate(expression) as? Bool == true { return true }
            try pump(for: 0.1)
        }
        return false
    }

    /// Lets the page run for `seconds` of real time, collecting its problems.
    func pump(for seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while let message = try read(until: deadline) { note(message) }
    }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    // MARK: Protocol

    private func call(
        _ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true, timeout: Double = 20
    ) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession, let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "the browser closed its pipe (\(method))") }
            offset += written
        }
        let deadline = Date().addingTimeInterval(timeout)
        while let answer = try read(until: deadline) {
            if answer["id"] as? Int == id {
                if let error = answer["error"] { throw Failure(description: "\(method): \(error)") }
                return answer["result"] as? [String: Any] ?? [:]
            }
            note(answer)
        }
        throw Failure(description: "\(method): no answer within \(timeout) s")
    }

    private func waitForEvent(_ name: String, timeout: Double) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while let message = try read(until: deadline) {
            note(message)
            if message["method"] as? String == name { return message }
        }
        throw Failure(description: "no \(name) within \(timeout) s")
    }

    /// Records exceptions and console errors.
    private func note(_ message: [String: Any]) {
        let parameters = message["params"] as? [String: Any] ?? [:]
        switch message["method"] as? String {
        case "Runtime.exceptionThrown":
            let details = parameters["exceptionDetails"] as? [String: Any] ?? [:]
            let exception = details["exception"] as? [String: Any] ?? [:]
            problems.append("exception: \(exception["description"] ?? details["text"] ?? "?")")
        case "Runtime.consoleAPICalled" where parameters["type"] as? String == "error":
            let arguments = parameters["args"] as? [[String: Any]] ?? []
            problems.append("console.error: \(arguments.map { "\($0["value"] ?? $0["description"] ?? "")" })")
        default:
            break
        }
    }

    /// The next message, or nil when `deadline` passes first.
    private func read(until deadline: Date) throws -> [String: Any]? {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: message) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = Glibc.read(fromBrowser, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "the browser ended") }
            buffer += chunk[0..<count]
        }
    }
}
