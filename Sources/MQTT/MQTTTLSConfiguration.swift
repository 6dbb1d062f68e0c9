/// TLS files for an `mqtts://` connection, handed to `mosquitto_tls_set`.
///
/// The broker's certificate is verified against ``caFile`` (or the certificates in ``caDirectory``) and its name
/// against the host connected to. A client certificate and key authenticate the board to brokers that ask for one
/// (`require_certificate true`).
public struct MQTTTLSConfiguration: Sendable, Hashable {
    /// PEM file of the CA certificate(s) trusted to sign the broker's certificate.
    public var caFile: String?
    /// Directory of PEM CA certificates hashed with `openssl rehash`; used when ``caFile`` is nil.
    public var caDirectory: String?
    /// PEM client certificate, or nil for none.
    public var certificateFile: String?
    /// PEM private key of ``certificateFile`` (unencrypted), or nil.
    public var keyFile: String?

    /// TLS with the given files. At least one of `caFile` and `caDirectory` must be given; the certificate and key
    /// come together or not at all.
    public init(
        caFile: String? = nil, caDirectory: String? = nil, certificateFile: String? = nil, keyFile: String? = nil
    ) {
        self.caFile = caFile
        self.caDirectory = caDirectory
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
