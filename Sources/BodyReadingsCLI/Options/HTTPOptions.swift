import HTTP
import ReadingsWeb

/// `serve --http HOST:PORT [--token FILE]`: the readings on HTTP (the JSON API, the event streams and the
/// dashboard; docs/http-api.md). Loopback only, unless a bearer token guards every request.
enum HTTPOptions {
    static let all: [OptionSpec] = [
        .http,
        .token,
    ]

    /// The server's configuration, or nil without `--http`.
    static func configuration(_ arguments: ParsedArguments) throws -> HTTPServer.Configuration? {
        guard let text = arguments.value(.http) else {
            if arguments.has(.token) {
                throw CLIError.usage("--token guards the HTTP server: add --http HOST:PORT", command: arguments.command)
            }
            return nil
        }
        guard let address = HTTPListenAddress(text) else {
            throw CLIError.usage(
                "--http needs HOST:PORT with a numeric IPv4 or [IPv6] address, got '\(text)' (e.g. 127.0.0.1:8080)",
                command: arguments.command)
        }
        var configuration = HTTPServer.Configuration(address: address)
        if let path = arguments.value(.token) {
            configuration.token = try BearerToken(contentsOf: path)
        }
        return configuration
    }

    /// Starts the server with the readings of `provider` mounted.
    static func start(_ configuration: HTTPServer.Configuration, provider: any ReadingsProvider) throws -> HTTPServer {
        var router = HTTPRouter()
        ReadingsWebRoutes.install(on: &router, provider: provider)
        let server = try HTTPServer(configuration: configuration, router: router)
        server.start()
        return server
    }
}
