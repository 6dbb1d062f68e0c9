import Barometry
import Fusion
import MQTT
import MotionMath
import Pedometry
import Pulse
import Testing
import TextFormats

@testable import Publishing

@Suite struct ReadingPayloadTests {
    let motion = MotionEstimate(
        t: 12.3456789, attitude: Quaternion(w: 0.70710678118, x: 0, y: 0, z: 0.70710678118),
        rotationRate: Vector3(0.01, -0.02, 0.0300000001), gravity: Vector3(0, 0, 9.80665),
        userAcceleration: Vector3(0.1234564, 0, -0.5), gyroBias: .zero, isResting: false, isMagneticallyDisturbed: false)

    @Test func deviceMotionCarriesROSNamesAndOurs() throws {
        let sample = ReadingPayload.sample(motion, time: 1_796_083_200.1234)
        #expect(
            sample.rendered
                == #"{"t":12.345679,"time":1796083200.123,"orientation":{"w":0.7071068,"x":0,"y":0,"z":0.7071068},"#
                + #""angular_velocity":{"x":0.01,"y":-0.02,"z":0.03},"linear_acceleration":{"x":0.123456,"y":0,"z":9.30665},"#
                + #""gravity":{"x":0,"y":0,"z":9.80665},"user_acceleration":{"x":0.123456,"y":0,"z":-0.5}}"#)
    }

    @Test func batchesParseAsOneDocumentPerMessage() throws {
        let samples = (0..<3).map { ReadingPayload.sample(motion, time: Double($0)) }
        let document = try JSONValue.parse(ReadingPayload.batch(deviceID: "board-7", samples: samples))
        #expect(document["device"] == .string("board-7"))
        guard case .array(let parsed) = document["samples"] else {
            Issue.record("no samples array")
            return
        }
        #expect(parsed.count == 3)
        #expect(parsed.last?["time"] == .number(2))
    }

    @Test func rawMagneticStepsAndBeats() {
        let raw = IMUSample(
            t: 1, accelerometer: Vector3(0, 0, 9.81), gyroscope: Vector3(0.5, 0, 0), magnetometer: Vector3(20, 0, -40))
        #expect(
            ReadingPayload.rawSample(raw, time: 2).rendered
                == #"{"t":1,"time":2,"angular_velocity":{"x":0.5,"y":0,"z":0},"linear_acceleration":{"x":0,"y":0,"z":9.81}}"#)
        #expect(
            ReadingPayload.magneticSample(t: 1, field: Vector3(20, 0, -40), time: 2).rendered
                == #"{"t":1,"time":2,"magnetic_field":{"x":20,"y":0,"z":-40}}"#)
        let step = Step(t: 3.5, count: 42, cadence: 112.34567, activity: .walking)
        #expect(
            ReadingPayload.sample(step, time: 4).rendered
                == #"{"t":3.5,"time":4,"steps":42,"cadence":112.346,"activity":"walking"}"#)
        let beat = Beat(t: 5, rrInterval: 0.8123456789, heartRate: nil, quality: .irregular)
        #expect(
            ReadingPayload.sample(beat, time: 6).rendered
                == #"{"t":5,"time":6,"heart_rate":null,"rr_interval":0.812346,"quality":"irregular"}"#)
        let altitude = AltitudeReading(t: 7.25, pressure: 101.3030412345, relativeAltitude: 2.9876543)
        #expect(
            ReadingPayload.sample(altitude, time: 8).rendered
                == #"{"t":7.25,"time":8,"pressure":101.303041,"relative_altitude":2.9877}"#)
        #expect(
            ReadingPayload.flights(t: 9, ascended: 2, descended: 1, time: 10).rendered
                == #"{"t":9,"time":10,"floors_ascended":2,"floors_descended":1}"#)
    }

    @Test func statusCarriesTheCountersAndTheWillOnlyTheState() throws {
        var statistics = MQTTPublisherStatistics()
        statistics.delivered = 10
        statistics.dropped = 2
        statistics.queued = 3
        statistics.connections = 1
        let online = try JSONValue.parse(
            ReadingPayload.status(deviceID: "b", online: true, time: 7, statistics: statistics))
        #expect(
            online
                == .object([
                    ("device", .string("b")), ("state", .string("online")), ("time", .number(7)),
                    ("delivered", .number(10)), ("dropped", .number(2)), ("queued", .number(3)),
                    ("connections", .number(1)),
                ]))
        #expect(
            String(decoding: ReadingPayload.status(deviceID: "b", online: false), as: UTF8.self)
                == #"{"device":"b","state":"offline"}"#)
    }
}
