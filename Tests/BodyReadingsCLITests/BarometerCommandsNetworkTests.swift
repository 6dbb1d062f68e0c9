import Foundation
import IIODTestServer
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `available` and `info` through libiio's network client against the test iiod's barometers.
@Suite("barometers in available and info, over ip: against the test iiod")
struct BarometerCommandsNetworkTests {
    @Test("available says barometer yes (exit 1: no device motion); info lists its channels, rate and oversampling",
          arguments: ["bmp280", "dps310", "lps22hb"])
    func availableAndInfo(name: String) throws {
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named(name)))
        defer { server.stop() }
        let available = runTool(["available", "--uri", server.uri])
        #expect(available.status == 1, "no device motion")
        #expect(available.out.contains("barometer:     yes (\(name), iio:device0)"))
        #expect(runTool(["available", "--json", "--uri", server.uri]).out.contains("\"barometer\":true"))
        let info = runTool(["info", "--uri", server.uri])
        #expect(info.status == 0, "\(info.err)")
        #expect(info.out.contains("barometer: \(name) (iio:device0)"))
        switch name {
        case "bmp280":
            #expect(info.out.contains("pressure        in_pressure_input (kPa)"))
            #expect(info.out.contains("temperature     in_temp_input (m°C)"))
            #expect(info.out.contains("oversampling    ×16 (in_pressure_oversampling_ratio)"))
            #expect(info.out.contains("capture         polled at 20 Hz; sets oversampling ×16 while captured"))
        case "dps310":
            #expect(info.out.contains("sampling        1 Hz (in_pressure_sampling_frequency)"))
            #expect(info.out.contains("capture         polled at 32 Hz; sets rate 32 Hz, oversampling ×16 while"))
        default:
            #expect(info.out.contains("pressure        in_pressure_raw × 2.4414e-05 kPa/count (in_pressure_scale)"))
            #expect(info.out.contains("temperature     in_temp_raw × 10 m°C/count (in_temp_scale)"))
            #expect(info.out.contains("available       1 10 25 50 75 Hz"))
        }
        let json = runTool(["info", "--json", "--uri", server.uri])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let barometers = try #require(object["barometers"] as? [[String: Any]])
        #expect(barometers.count == 1)
        let pressure = try #require(barometers.first?["pressure"] as? [String: Any])
        #expect(pressure["unit"] as? String == "kPa")
        #expect(barometers.first?["capture_mode"] as? String == "polled")
    }
}
