import Foundation
import TestSupport

/// A server of the readings web on a free loopback port, as a process: `bodyreadings-web-rig` (simulated readings
/// of all three kinds) or `bodyreadings serve --source sim --http …` (the service itself, with the readings its
/// capture has).
final class WebRig: WebEndpoint {
    enum Server {
        /// `bodyreadings-web-rig`.
        case rig
        /// `bodyreadings serve --source sim` on a socket of its own.
        case serve
    }

    static let rigPath = PackagePaths.builtExecutable("bodyreadings-web-rig")
    static let servePath = PackagePaths.builtExecutable("bodyreadings")

    let process: ChildProcess
    let port: Int
    let directory: TemporaryDirectory
    var base: String { "http://127.0.0.1:\(port)" }
    /// The dashboard's address.
    var url: String { base + "/" }
    /// What the server wrote to its standard error so far.
    var stderr: String { (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? "" }

    /// Starts `server` on `port` (a free one when nil) with `arguments` added, and waits until it listens.
    init(_ server: Server = .rig, port: Int? = nil, arguments: [String] = []) throws {
        let port = try port ?? FreePort.loopback()
        directory = try TemporaryDirectory(prefix: "br-web")
        let http = ["--http", "127.0.0.1:\(port)"]
        let (path, all): (String?, [String])
        switch server {
        case .rig: (path, all) = (Self.rigPath, http + arguments)
        case .serve:
            (path, all) = (Self.servePath, ["serve", "--source", "sim", "--socket", directory.file("serve.sock"), "--store", directory.file("readings.sqlite")] + http + arguments)
        }
        guard let path else { throw HeadlessBrowser.Failure(description: "\(server) is not built") }
        process = try ChildProcess(path, all, standardError: .file(directory.file("stderr")))
        self.port = port
        let deadline = Date().addingTimeInterval(20)
        while !FreePort.accepts(port: port) {
            guard Date() < deadline, process.isRunning else {
                throw HeadlessBrowser.Failure(description: "\(server) did not start listening on \(port): \(stderr)")
            }
            usleep(20_000)
        }
    }

    deinit {
        process.terminate()
    }
}
