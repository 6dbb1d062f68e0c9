import MQTT
import TextFormats

/// Home Assistant's MQTT discovery: retained configuration messages under
/// `<discovery prefix>/sensor/<device id>/<object>/config` that make heart rate, steps and motion (and, with a
/// barometer, flights climbed today, relative altitude and pressure) appear as sensors of one device, available while
/// the board's status says `online`
/// (https://www.home-assistant.io/integrations/mqtt/#mqtt-discovery).
public enum HomeAssistantDiscovery {
    /// Home Assistant's default discovery prefix.
    public static let defaultPrefix = "homeassistant"

    /// The configuration messages for `layout`'s board (retained, QoS 1); the barometer's with `barometer`.
    public static func configurations(for layout: TopicLayout, prefix: String = defaultPrefix, barometer: Bool = false)
        -> [MQTTMessage]
    {
        let node = nodeID(layout.deviceID)
        let device = JSONValue.object([
            ("identifiers", .array([.string("bodyreadings_\(node)")])),
            ("name", .string(layout.deviceID)),
            ("manufacturer", .string("BodyReadings")),
            ("model", .string("BodyReadings")),
        ])
        var sensors: [(object: String, name: String, topic: String, fields: [(String, JSONValue)])] = [
            (
                "heart_rate", "Heart rate", layout.heartRate,
                [
                    ("value_template", .string("{{ value_json.samples[-1].heart_rate }}")),
                    ("unit_of_measurement", .string("bpm")), ("state_class", .string("measurement")),
                    ("icon", .string("mdi:heart-pulse")),
                ]
            ),
            (
                "steps", "Steps", layout.steps,
                [
                    ("value_template", .string("{{ value_json.samples[-1].steps }}")),
                    ("unit_of_measurement", .string("steps")), ("state_class", .string("total_increasing")),
                    ("icon", .string("mdi:walk")),
                ]
            ),
            (
                // The magnitude of the last sample's user acceleration: near 0 at rest, a few m/s² when moved.
                "motion", "Motion", layout.deviceMotion,
                [
                    (
                        "value_template",
                        .string(
                            "{% set a = value_json.samples[-1].user_acceleration %}"
                                + "{{ ((a.x ** 2 + a.y ** 2 + a.z ** 2) ** 0.5) | round(3) }}")
                    ),
                    ("unit_of_measurement", .string("m/s²")), ("state_class", .string("measurement")),
                    ("icon", .string("mdi:axis-arrow")),
                ]
            ),
        ]
        if barometer {
            sensors += [
                (
                    // Today's count: it starts again from 0 at local midnight, which total_increasing takes as a reset.
                    "flights", "Flights climbed", layout.flights,
                    [
                        ("value_template", .string("{{ value_json.samples[-1].floors_ascended }}")),
                        ("unit_of_measurement", .string("floors")), ("state_class", .string("total_increasing")),
                        ("icon", .string("mdi:stairs-up")),
                    ]
                ),
                (
                    "relative_altitude", "Relative altitude", layout.altitude,
                    [
                        ("value_template", .string("{{ value_json.samples[-1].relative_altitude | round(2) }}")),
                        ("unit_of_measurement", .string("m")), ("state_class", .string("measurement")),
                        ("icon", .string("mdi:elevation-rise")),
                    ]
                ),
                (
                    "pressure", "Pressure", layout.altitude,
                    [
                        ("value_template", .string("{{ value_json.samples[-1].pressure }}")),
                        ("unit_of_measurement", .string("kPa")), ("device_class", .string("pressure")),
                        ("state_class", .string("measurement")),
                    ]
                ),
            ]
        }
        return sensors.map { sensor in
            let config = JSONValue.object(
                [
                    ("name", .string(sensor.name)),
                    ("unique_id", .string("bodyreadings_\(node)_\(sensor.object)")),
                    ("state_topic", .string(sensor.topic)),
                ] + sensor.fields + [
                    ("availability_topic", .string(layout.status)),
                    ("availability_template", .string("{{ value_json.state }}")),
                    ("device", device),
                ])
            return MQTTMessage(
                topic: "\(prefix)/sensor/\(node)/\(sensor.object)/config", text: config.rendered,
                qos: .atLeastOnce, retain: true)
        }
    }

    /// `deviceID` as Home Assistant takes a discovery node id: letters, digits, `_` and `-`; others become `_`.
    static func nodeID(_ deviceID: String) -> String {
        String(deviceID.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return Character(scalar)
            default: return "_"
            }
        })
    }
}
