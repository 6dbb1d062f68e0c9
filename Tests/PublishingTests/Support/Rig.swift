import Foundation
import TestSupport

/// `bodyreadings-mqtt-rig` (Tests/Rigs) running in a process of its own: a board publishing synthetic readings.
final class Rig {
    static let path = PackagePaths.builtExecutable("bodyreadings-mqtt-rig")

    let process: ChildProcess
    private let output: Int32

    /// Starts the rig with `arguments` and waits until it printed `connected` (or failed).
    init(_ arguments: [String]) throws {
        guard let path = Self.path else { throw RigError.notBuilt }
        process = try ChildProcess(path, arguments, standardOutput: .pipe)
        guard let output = process.output else { throw RigError.noOutput }
        self.output = output
        let first = readLine(timeout: 15)
        guard first == "connected" else { throw RigError.didNotConnect(first ?? "(nothing)") }
    }

    deinit {
        process.send(SIGKILL)
        process.wait()
        close(output)
    }

    /// The next line the rig prints, or nil at its end or after `timeout` seconds.
    func readLine(timeout: Double = 10) -> String? {
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(output, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    enum RigError: Error {
        case notBuilt
        case noOutput
        case didNotConnect(String)
    }
}
