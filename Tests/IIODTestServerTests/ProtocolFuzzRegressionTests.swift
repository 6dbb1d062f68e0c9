import IIODTestServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Inputs fuzz-iiod-protocol found (Tests/Fuzz/Corpus/fuzz-iiod-protocol/regression-*), kept as tests.
@Suite("test iiod: fuzzer findings")
struct ProtocolFuzzRegressionTests {
    /// An OPEN mask of 8 bytes but fewer characters (a multi-byte character in it) trapped the session's thread
    /// ("String index is out of bounds"), killing the test process; it is refused like any malformed mask.
    @Test func aMaskWithAMultiByteCharacterIsRefused() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("OPEN iio:device0 4 0000\u{B0}0f CYCLIC") == -EINVAL)
        #expect(try client.command("OPEN iio:device0 4 0000g00f") == -EINVAL)
        // The session goes on answering.
        #expect(try client.command("SET iio:device0 BUFFERS_COUNT 4") == 0)
        #expect(server.openBufferCount == 0)
    }
}
