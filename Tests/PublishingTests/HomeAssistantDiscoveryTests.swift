import MQTT
import Testing
import TextFormats

@testable import Publishing

@Suite struct HomeAssistantDiscoveryTests {
    @Test func threeRetainedSensorsOfOneDeviceAvailableByStatus() throws {
        let layout = try TopicLayout(deviceID: "wrist.7")
        let messages = HomeAssistantDiscovery.configurations(for: layout)
        #expect(
            messages.map(\.topic) == [
                "homeassistant/sensor/wrist_7/heart_rate/config", "homeassistant/sensor/wrist_7/steps/config",
                "homeassistant/sensor/wrist_7/motion/config",
            ])
        #expect(messages.allSatisfy { $0.retain && $0.qos == .atLeastOnce })
        let configs = try messages.map { try JSONValue.parse($0.payload) }
        #expect(configs.map { $0["state_topic"] } == [layout.heartRate, layout.steps, layout.deviceMotion].map(JSONValue.string))
        #expect(configs.map { $0["unique_id"] } == ["heart_rate", "steps", "motion"].map { .string("bodyreadings_wrist_7_\($0)") })
        #expect(configs.allSatisfy { $0["availability_topic"] == .string(layout.status) })
        #expect(configs.allSatisfy { $0["availability_template"] == .string("{{ value_json.state }}") })
        #expect(configs.allSatisfy { $0["device"]?["identifiers"] == .array([.string("bodyreadings_wrist_7")]) })
        #expect(configs[0]["unit_of_measurement"] == .string("bpm"))
        #expect(configs[1]["state_class"] == .string("total_increasing"))
    }

    @Test func aBarometerAddsFlightsRelativeAltitudeAndPressure() throws {
        let layout = try TopicLayout(deviceID: "wrist.7")
        let messages = HomeAssistantDiscovery.configurations(for: layout, barometer: true)
        #expect(
            messages.map(\.topic).suffix(3) == [
                "homeassistant/sensor/wrist_7/flights/config", "homeassistant/sensor/wrist_7/relative_altitude/config",
                "homeassistant/sensor/wrist_7/pressure/config",
            ])
        let configs = try messages.suffix(3).map { try JSONValue.parse($0.payload) }
        #expect(configs.map { $0["state_topic"] } == [layout.flights, layout.altitude, layout.altitude].map(JSONValue.string))
        #expect(configs.map { $0["unit_of_measurement"] } == ["floors", "m", "kPa"].map(JSONValue.string))
        #expect(configs[0]["state_class"] == .string("total_increasing"))
        #expect(configs[0]["value_template"] == .string("{{ value_json.samples[-1].floors_ascended }}"))
        #expect(configs[2]["device_class"] == .string("pressure"))
        #expect(configs.allSatisfy { $0["availability_topic"] == .string(layout.status) })
        #expect(HomeAssistantDiscovery.configurations(for: layout).count == 3, "no barometer, no barometer sensors")
    }

    @Test func takesAnotherDiscoveryPrefix() throws {
        let messages = HomeAssistantDiscovery.configurations(for: try TopicLayout(deviceID: "b"), prefix: "ha")
        #expect(messages.allSatisfy { $0.topic.hasPrefix("ha/sensor/b/") })
    }
}
