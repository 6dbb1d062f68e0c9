import Foundation

/// A throw-away PKI made with the `openssl` command: a CA, a server certificate for `localhost`/`127.0.0.1` and a
/// client certificate, all signed by the CA, plus a second CA that signed nothing (for "untrusted" tests).
public struct TestCertificates: Sendable {
    public let caFile: String
    public let serverCertificate: String
    public let serverKey: String
    public let clientCertificate: String
    public let clientKey: String
    public let otherCAFile: String

    static let openssl = "/usr/bin/openssl"

    /// One PKI for the whole test run (made on first use, in a temporary directory).
    public static let shared = Result { try TestCertificates(in: TemporaryDirectory(prefix: "pki")) }

    /// P-256 keys: made in milliseconds, where RSA keys take a noticeable time on a busy machine.
    private static let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]

    /// Keeps the files alive for the whole run.
    private let directory: TemporaryDirectory

    public init(in directory: TemporaryDirectory) throws {
        self.directory = directory
        guard FileManager.default.isExecutableFile(atPath: Self.openssl) else {
            throw OpenSSLError(message: "openssl is not installed: run scripts/install-deps")
        }
        func path(_ name: String) -> String { directory.file(name) }
        caFile = path("ca.crt")
        serverCertificate = path("server.crt")
        serverKey = path("server.key")
        clientCertificate = path("client.crt")
        clientKey = path("client.key")
        otherCAFile = path("other-ca.crt")
        try Self.openssl([
            "req", "-x509"] + Self.newKey + ["-nodes", "-keyout", path("ca.key"), "-out", caFile, "-days", "2",
            "-subj", "/CN=BodyReadings test CA",
        ])
        try Self.openssl([
            "req", "-x509"] + Self.newKey + ["-nodes", "-keyout", path("other-ca.key"), "-out", otherCAFile,
            "-days", "2", "-subj", "/CN=Someone else's CA",
        ])
        let extensions = path("server.ext")
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: extensions, atomically: true, encoding: .utf8)
        for (name, subject, ext) in [("server", "/CN=localhost", extensions), ("client", "/CN=board-1", nil)] {
            try Self.openssl([
                "req"] + Self.newKey + ["-nodes", "-keyout", path("\(name).key"), "-out", path("\(name).csr"),
                "-subj", subject,
            ])
            try Self.openssl(
                [
                    "x509", "-req", "-in", path("\(name).csr"), "-CA", caFile, "-CAkey", path("ca.key"),
                    "-CAcreateserial", "-out", path("\(name).crt"), "-days", "2",
                ] + (ext.map { ["-extfile", $0] } ?? []))
        }
    }

    private static func openssl(_ arguments: [String]) throws {
        let result = try Subprocess.run(openssl, arguments)
        guard result.status == 0 else { throw OpenSSLError(message: result.stderr) }
    }

    public struct OpenSSLError: Error {
        public var message: String
    }
}
