import Foundation
import HTTP
import ReadingFormats
import ReadingsWeb
import SimulatedReadings

// bodyreadings-web-rig --http HOST:PORT [--token FILE] [--unavailable KIND=REASON]...
// Serves the readings web (API, event streams, dashboard) with simulated readings until it is killed; prints
// "listening on ADDRESS" when ready. For the browser test until `serve --http` exists, and for working on the page.

var address = HTTPListenAddress("127.0.0.1:8080")!
var token: BearerToken?
var unavailable: [ServiceReading: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--http":
        guard let value = arguments.popFirst(), let parsed = HTTPListenAddress(value) else {
            FileHandle.standardError.write(Data("error: --http needs HOST:PORT\n".utf8))
            exit(64)
        }
        address = parsed
    case "--token":
        do {
            token = try BearerToken(contentsOf: arguments.popFirst() ?? "")
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(64)
        }
    case "--unavailable":
        let parts = (arguments.popFirst() ?? "").split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = ServiceReading(rawValue: parts[0]) else {
            FileHandle.standardError.write(Data("error: --unavailable needs KIND=REASON\n".utf8))
            exit(64)
        }
        unavailable[kind] = parts[1]
    default:
        FileHandle.standardError.write(Data("error: unknown argument \(argument)\n".utf8))
        exit(64)
    }
}
let provider = SimulatedReadingsProvider(unavailable: unavailable)
var router = HTTPRouter()
ReadingsWebRoutes.install(on: &router, provider: provider)
do {
    let server = try HTTPServer(configuration: .init(address: address, token: token), router: router)
    server.start()
    FileHandle.standardOutput.write(Data("listening on \(server.address)\n".utf8))
    while true { sleep(60) }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(69)
}
