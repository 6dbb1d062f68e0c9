import BodyReadings
import Foundation
import IIODTestServer
import Testing

@testable import BodyReadingsCLI

/// A device (a broken driver, a remote iiod) that reports a sampling frequency no sensor has: a capture would size
/// its buffers from it (an update interval's samples per refill: 10⁹ at 10¹² Hz), so discovery refuses it as a
/// malformed attribute (`info` 65, `stream` 69 as for any malformed attribute), naming the attribute and the limit,
/// before any buffer is opened.
@Suite("an implausible sampling frequency")
struct ImplausibleSamplingFrequencyTests {
    @Test(
        "sampling_frequency or its available list beyond 100 kHz: one line from info and stream, no buffer",
        arguments: [("sampling_frequency", "1000000000000"), ("sampling_frequency_available", "10 20 50 1e12")])
    func refusedAsMalformed(attribute: String, value: String) throws {
        let fixture = IIOFixture.invMpu6050.settingValue(value, device: "mpu6050", attribute: attribute)
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        // `stream` maps every discovery failure to "sensor unavailable" (69), a malformed scale too.
        for (arguments, status) in [(["info", "--uri", server.uri], 65), (["stream", "--uri", server.uri, "--count", "1"], 69)] {
            let result = runTool(arguments)
            #expect(result.status == Int32(status), "\(arguments): \(result.err)")
            #expect(result.err.contains("attribute \(attribute) is '\(value)'"), "\(result.err)")
            #expect(result.err.contains("up to 100000"), "\(result.err)")
            #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
        }
        #expect(server.openBufferCount == 0)
    }
}
