import Foundation
import IIODTestServer
import Testing

@testable import Sensors

/// Discovery of barometers from the attribute sets of the Linux 6.1 drivers (the test iiod's `bmp280`, `bme280`,
/// `dps310` and `lps22hb` fixtures): through `xml:` descriptions (the layout, no values) and through libiio's network
/// client (the values, so the conversions and the settings a capture chooses).
@Suite("barometer discovery: bmp280, bme280, dps310, lps22hb")
struct BarometerDiscoveryTests {
    static func xmlInventory(_ fixture: IIOFixture) throws -> SensorInventory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baro-\(UUID()).xml").path
        try fixture.writeXML(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try SensorDiscovery.discover(uri: "xml:\(path)")
    }

    @Test("through xml: each driver's pressure and temperature channels and attributes are found, values unknown",
          arguments: ["bmp280", "bme280", "dps310", "lps22hb"])
    func xml(name: String) throws {
        let fixture = try #require(IIOFixture.named(name))
        let inventory = try Self.xmlInventory(fixture)
        #expect(inventory.sensors.isEmpty && inventory.stepCounters.isEmpty)
        let barometer = try #require(inventory.preferredBarometer)
        #expect(inventory.barometers.count == 1 && inventory.isBarometerAvailable)
        #expect(barometer.deviceName == name && barometer.deviceID == "iio:device0")
        #expect(barometer.pressure.id == "pressure")
        let temperature = try #require(barometer.temperature)
        #expect(temperature.id == "temp" && temperature.unitFactor == 0.001)
        if name == "lps22hb" {
            #expect(barometer.pressure.value.file == "in_pressure_raw" && !barometer.pressure.isProcessed)
            #expect(barometer.pressure.scaleAttribute?.file == "in_pressure_scale")
            #expect(barometer.pressure.scale == nil, "xml: has no values")
            #expect(temperature.value.file == "in_temp_raw")
            #expect(barometer.samplingFrequencyAttribute == .device("sampling_frequency"))
            #expect(barometer.oversamplingAttribute == nil)
        } else {
            #expect(barometer.pressure.value.file == "in_pressure_input" && barometer.pressure.isProcessed)
            #expect(temperature.value.file == "in_temp_input")
            #expect(barometer.oversamplingAttribute?.file == "in_pressure_oversampling_ratio")
            #expect(barometer.oversamplingRatio == nil)
        }
        if name == "dps310" {
            #expect(barometer.samplingFrequencyAttribute?.file == "in_pressure_sampling_frequency")
            #expect(barometer.availableFrequencies == .discrete([1, 2, 4, 8, 16, 32, 64, 128]))
            #expect(barometer.chosenFrequency == 32 && barometer.chosenOversamplingRatio == 16)
        }
        if name.hasPrefix("bm") {
            #expect(barometer.samplingFrequencyAttribute == nil && barometer.chosenFrequency == nil)
            #expect(barometer.pollingRate == DiscoveredBarometer.nominalRate)
        }
    }

    @Test("over ip: values convert to kPa and °C; the capture's rate and oversampling follow each driver's lists")
    func values() throws {
        for (fixture, pressure, temperature, rate, ratio, polling) in [
            (IIOFixture.bmp280, 100.653253906, 25.08, nil, 16.0, 20.0),
            (.bme280, 100.653253906, 25.08, nil, 16, 20),
            (.dps310, 100.653, 25.08, 32, 16, 32),
            (.lps22hb, 4_122_747 * 0.000024414, 25.08, 25, nil, 25),
        ] as [(IIOFixture, Double, Double, Double?, Double?, Double)] {
            let server = try IIODTestServer(fixture: fixture)
            defer { server.stop() }
            let inventory = try SensorDiscovery.discover(uri: server.uri)
            let name = fixture.devices[0].name
            let barometer = try #require(inventory.preferredBarometer, "\(name)")
            #expect(inventory.valuesAvailable)
            let first = name == "lps22hb" ? 4_122_747.0 : name == "dps310" ? 100.653 : 100.653253906
            let converted = try #require(barometer.pressure.convert(first))
            #expect(abs(converted - pressure) < 1e-9, "\(name) pressure \(converted)")
            let rawTemperature = name == "lps22hb" ? 2508.0 : 25080
            let celsius = try #require(barometer.temperature?.convert(rawTemperature))
            #expect(abs(celsius - temperature) < 1e-9, "\(name) temperature \(celsius)")
            #expect(barometer.chosenFrequency == rate, "\(name)")
            #expect(barometer.chosenOversamplingRatio == ratio, "\(name)")
            #expect(barometer.pollingRate == polling, "\(name)")
            if name.hasPrefix("bm") {
                #expect(barometer.oversamplingRatio == 16)
                #expect(barometer.availableOversamplingRatios == [1, 2, 4, 8, 16])
            }
        }
    }

    /// The mpl3115 driver's channels (Linux 6.1): raw pressure × 0.00025 kPa and raw temperature × `temperatureScale`.
    static func mpl3115(temperatureScale: String) throws -> DiscoveredBarometer? {
        let channels = ["pressure", "temp"].map { type in
            DeviceSnapshot.ChannelSnapshot(
                id: type, type: type, axis: nil, isOutput: false, scanIndex: nil, format: nil,
                attributes: ["raw": "in_\(type)_raw", "scale": "in_\(type)_scale"])
        }
        let device = FakeDevice.device(
            name: "mpl3115", channels: channels,
            values: [
                "in_pressure_raw": "400000", "in_pressure_scale": "0.000250", "in_temp_raw": "320",
                "in_temp_scale": temperatureScale,
            ])
        return try SensorDiscovery.analyze(
            [device], isLocal: false, contextIdentity: "test", uri: "ip:test", environment: .system
        ).barometers.first
    }

    @Test("the mpl3115's temperature, whose scale is °C per count (not m°C), is corrected × 1000; a fixed one is not")
    func mpl3115Temperature() throws {
        let barometer = try #require(try Self.mpl3115(temperatureScale: "0.062500"))
        #expect(barometer.pressure.convert(400_000) == 100)
        let temperature = try #require(barometer.temperature)
        #expect(temperature.correction?.factor == 1000 && temperature.correction?.source == .driverTable)
        let celsius = try #require(temperature.convert(320))
        #expect(abs(celsius - 20) < 1e-9, "\(celsius) °C")
        let fixed = try #require(try Self.mpl3115(temperatureScale: "62.500000")?.temperature)
        #expect(fixed.correction == nil)
        #expect(abs((fixed.convert(320) ?? 0) - 20) < 1e-9)
    }

    @Test("a raw pressure without a scale is refused, naming the attribute")
    func missingScale() throws {
        let device = FakeDevice.device(
            name: "lps22hb",
            channels: [
                DeviceSnapshot.ChannelSnapshot(
                    id: "pressure", type: "pressure", axis: nil, isOutput: false, scanIndex: nil, format: nil,
                    attributes: ["raw": "in_pressure_raw"])
            ], values: ["in_pressure_raw": "4122747"])
        #expect {
            _ = try SensorDiscovery.analyze(
                [device], isLocal: false, contextIdentity: "test", uri: "ip:test", environment: .system)
        } throws: { error in
            (error as? SensorError)?.reason == .missingAttribute
                && (error as? SensorError)?.attribute == "in_pressure_scale"
        }
    }

    @Test("an IMU's temperature channel is no barometer; a pressure channel without input or raw is skipped")
    func notBarometers() throws {
        let inventory = try SensorDiscovery.analyze(
            [
                FakeDevice.bmi160(),
                FakeDevice.device(
                    id: "iio:device1", name: "odd",
                    channels: [
                        DeviceSnapshot.ChannelSnapshot(
                            id: "pressure", type: "pressure", axis: nil, isOutput: false, scanIndex: nil, format: nil,
                            attributes: ["scale": "in_pressure_scale"])
                    ], values: ["in_pressure_scale": "1"]),
            ], isLocal: false, contextIdentity: "test", uri: "ip:test", environment: .system)
        #expect(inventory.barometers.isEmpty)
        #expect(inventory.sensors.count == 2)
    }
}
