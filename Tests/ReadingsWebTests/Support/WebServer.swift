import Foundation
import HTTP
import ReadingFormats
import ReadingsWeb
import SimulatedReadings
import TestSupport

/// The readings web on an in-process server with the simulated provider, for the API tests.
final class WebServer {
    let provider: SimulatedReadingsProvider
    let server: HTTPServer
    var base: String { "http://127.0.0.1:\(server.address.port)" }

    init(unavailable: [ServiceReading: String] = [:], failing: Bool = false) throws {
        provider = SimulatedReadingsProvider(unavailable: unavailable)
        provider.failsQueries = failing
        var router = HTTPRouter()
        ReadingsWebRoutes.install(on: &router, provider: provider)
        server = try HTTPServer(configuration: .init(address: HTTPListenAddress("127.0.0.1:0")!), router: router)
        server.start()
    }

    deinit {
        server.stop()
        provider.stop()
    }
}

extension WebServer: WebEndpoint {}
