/// One context found by ``Context/scan(backends:)``: a URI to open and libiio's description of it.
public struct ContextInfo: Sendable, Hashable {
    /// The URI to pass to ``Context/init(uri:)``.
    public var uri: String
    /// libiio's description (devices, USB product or host).
    public var description: String

    public init(uri: String, description: String) {
        self.uri = uri
        self.description = description
    }
}
