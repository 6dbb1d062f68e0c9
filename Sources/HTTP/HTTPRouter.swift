/// Routes requests to handlers by method and exact (decoded) path, and answers what no handler does: 404 for an
/// unknown path, 405 with `Allow` for a method the path does not serve, 501 for a method that is not HTTP's,
/// OPTIONS with `Allow`, and HEAD with the GET handler (the server drops the body).
///
/// ```swift
/// var router = HTTPRouter()
/// router.add(.get, "/api/available") { _ in .response(.text("yes")) }
/// ```
public struct HTTPRouter: Sendable {
    private var routes: [String: [HTTPMethod: HTTPHandler]] = [:]

    public init() {}

    /// Serves `method` on `path` (compared with the request's percent-decoded path, exactly) with `handler`;
    /// replaces an earlier handler of the same method and path.
    public mutating func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping HTTPHandler) {
        routes[path, default: [:]][method] = handler
    }

    /// The paths served, sorted.
    public var paths: [String] { routes.keys.sorted() }

    /// The methods `path` answers, in a fixed order (GET, HEAD, POST, …, OPTIONS); empty for an unknown path.
    public func allowedMethods(_ path: String) -> [HTTPMethod] {
        guard let handlers = routes[path] else { return [] }
        var methods = Set(handlers.keys)
        if methods.contains(.get) { methods.insert(.head) }
        methods.insert(.options)
        return Self.order.filter { methods.contains($0) }
            + methods.subtracting(Self.order).sorted { $0.rawValue < $1.rawValue }
    }

    /// The reply to `request`: its handler's, or the router's own answer.
    public func reply(to request: HTTPRequest) -> HTTPReply {
        guard HTTPMethod.standard.contains(request.method) else {
            return .response(.text("method \(request.method) is not implemented", status: .notImplemented))
        }
        if request.path == "*" {
            let methods = Set(routes.values.flatMap(\.keys)).union([.head, .options])
            return .response(allow(Self.order.filter { methods.contains($0) }))
        }
        guard let handlers = routes[request.path] else {
            return .response(.text("nothing at \(request.path)", status: .notFound))
        }
        if let handler = handlers[request.method] ?? (request.method == .head ? handlers[.get] : nil) {
            return handler(request)
        }
        let allowed = allowedMethods(request.path)
        if request.method == .options { return .response(allow(allowed)) }
        var response = HTTPResponse.text(
            "\(request.path) does not answer \(request.method); it answers "
                + allowed.map(\.rawValue).joined(separator: ", "),
            status: .methodNotAllowed)
        response.headers.add("Allow", allowed.map(\.rawValue).joined(separator: ", "))
        return .response(response)
    }

    private func allow(_ methods: [HTTPMethod]) -> HTTPResponse {
        HTTPResponse(status: .noContent, headers: ["Allow": methods.map(\.rawValue).joined(separator: ", ")])
    }

    private static let order: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
}
