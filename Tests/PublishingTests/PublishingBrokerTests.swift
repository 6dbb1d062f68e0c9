import Foundation
import Fusion
import MQTT
import MotionMath
import Pedometry
import Pulse
import TestSupport
import Testing
import TextFormats

@testable import Publishing

/// Publishing against a real mosquitto, checked by `mosquitto_sub`: payloads, the status and the will, a fleet,
/// logins, TLS and Home Assistant discovery.
@Suite struct PublishingBrokerTests {
    private func settings(_ broker: TestBroker, device: String, url: String? = nil) throws -> ReadingsPublisher.Settings {
        var settings = ReadingsPublisher.Settings(
            broker: try BrokerURL(parsing: url ?? broker.url), layout: try TopicLayout(deviceID: device))
        settings.batchPeriod = 0.1
        settings.backOff = ReconnectBackOff(initialDelay: 0.2, maximumDelay: 1)
        return settings
    }

    private func motion(_ t: Double) -> MotionEstimate {
        MotionEstimate(
            t: t, attitude: .identity, rotationRate: Vector3(0, 0, 0.1), gravity: Vector3(0, 0, 9.81),
            userAcceleration: Vector3(0.1, 0, 0), gyroBias: .zero, isResting: false, isMagneticallyDisturbed: false)
    }

    private func samples(_ message: TestSubscriber.Message) -> [JSONValue] {
        guard let document = try? JSONValue.parse(Array(message.payload.utf8)),
            case .array(let samples) = document["samples"]
        else { return [] }
        return samples
    }

    @Test func payloadsParseAndCarryTheirFields() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/#")
        let publisher = try ReadingsPublisher(try settings(broker, device: "board-1"))
        #expect(try publisher.waitUntilConnected(timeout: 30))
        for index in 0..<50 {
            let t = Double(index) / 100
            publisher.publish(motion(t))
            publisher.publish(
                IMUSample(t: t, accelerometer: Vector3(0, 0, 9.8), gyroscope: Vector3(0, 0, 0.1), magnetometer: Vector3(20, 0, -40)))
        }
        publisher.publish(Step(t: 0.3, count: 1, cadence: 110, activity: .walking))
        publisher.publish(Beat(t: 0.4, rrInterval: 0.83, heartRate: 72, quality: .good))
        let final = publisher.stop()
        #expect(final.dropped == 0)

        let prefix = "bodyreadings/board-1/"
        #expect(subscriber.wait { $0.contains { $0.topic == prefix + "status" && $0.payload.contains("offline") } })
        for (topic, fields) in [
            ("imu/data", ["t", "time", "orientation", "angular_velocity", "linear_acceleration", "gravity", "user_acceleration"]),
            ("imu/data_raw", ["t", "time", "angular_velocity", "linear_acceleration"]),
            ("imu/mag", ["t", "time", "magnetic_field"]),
            ("steps", ["t", "time", "steps", "cadence", "activity"]),
            ("heart_rate", ["t", "time", "heart_rate", "rr_interval", "quality"]),
        ] {
            let messages = subscriber.messages.filter { $0.topic == prefix + topic }
            let all = messages.flatMap(samples)
            #expect(!all.isEmpty, "nothing on \(topic)")
            #expect(messages.allSatisfy { $0.payload.hasPrefix(#"{"device":"board-1","samples":["#) })
            for sample in all {
                for field in fields { #expect(sample[field] != nil, "\(topic) sample without \(field)") }
            }
            if topic.hasPrefix("imu/") {
                #expect(all.count == 50, "\(topic): every sample once")
                #expect(messages.count >= 5, "\(topic): batched by 0.1 s, not one message")
            }
        }
        let statuses = subscriber.messages.filter { $0.topic == prefix + "status" }.map(\.payload)
        #expect(statuses.first?.contains(#""state":"online""#) == true)
        #expect(statuses.last?.contains(#""state":"offline""#) == true)
        #expect(statuses.last?.contains(#""dropped":0"#) == true)
    }

    @Test(.enabled(if: Rig.path != nil, "build it first: swift build --product bodyreadings-mqtt-rig"))
    func statusGoesOnlineThenOfflineOnSIGTERM() throws {
        let broker = try TestBroker()
        let rig = try Rig([broker.url, "--device-id", "calm", "--rate", "50"])
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/calm/status")
        #expect(subscriber.wait { $0.first?.payload.contains(#""state":"online""#) == true })
        #expect(subscriber.messages.first?.retained == true, "the status is retained")
        rig.process.send(SIGTERM)
        #expect(rig.process.exitCode() == 0)
        #expect(subscriber.wait { $0.last?.payload.contains(#""state":"offline""#) == true })
        #expect(subscriber.messages.last?.payload.contains(#""delivered":"#) == true, "a clean stop reports counts")
        let late = try TestSubscriber(broker: broker, topic: "bodyreadings/calm/status")
        #expect(late.wait { $0.first?.retained == true && $0.first?.payload.contains("offline") == true })
    }

    @Test(.enabled(if: Rig.path != nil, "build it first: swift build --product bodyreadings-mqtt-rig"))
    func theWillSaysOfflineWhenThePublisherIsKilled() throws {
        let broker = try TestBroker()
        let rig = try Rig([broker.url, "--device-id", "doomed", "--rate", "50"])
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/doomed/status")
        #expect(subscriber.wait { $0.first?.payload.contains("online") == true })
        rig.process.send(SIGKILL)
        #expect(subscriber.wait { $0.last?.payload == #"{"device":"doomed","state":"offline"}"# })
        let late = try TestSubscriber(broker: broker, topic: "bodyreadings/doomed/status")
        #expect(late.wait { $0.first?.payload == #"{"device":"doomed","state":"offline"}"# && $0.first?.retained == true })
    }

    @Test func aFleetArrivesOnItsOwnTopics() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "bodyreadings/+/imu/data")
        let devices = ["north", "south", "east"]
        let publishers = try devices.map { try ReadingsPublisher(try settings(broker, device: $0)) }
        for publisher in publishers { #expect(try publisher.waitUntilConnected(timeout: 30)) }
        for index in 0..<20 {
            for publisher in publishers { publisher.publish(motion(Double(index) / 100)) }
        }
        for publisher in publishers { publisher.stop() }
        #expect(subscriber.wait { messages in
            devices.allSatisfy { device in
                messages.filter { $0.topic.contains("/\(device)/") }.flatMap(samples).count == 20
            }
        })
        for message in subscriber.messages {
            let device = message.topic.split(separator: "/")[1]
            #expect(message.payload.hasPrefix(#"{"device":"\#(device)","#))
        }
    }

    @Test func aPasswordFileAdmitsTheBoardAndRefusesAWrongPassword() throws {
        let broker = try TestBroker(.init(users: ["board": "s3cret"]))
        let refused = try ReadingsPublisher(
            try settings(broker, device: "x", url: "mqtt://board:wrong@127.0.0.1:\(broker.port)"))
        let error = #expect(throws: MQTTError.self) { _ = try refused.waitUntilConnected(timeout: 30) }
        #expect(error?.failure.isLoginRefused == true)
        refused.stop()
        let admitted = try ReadingsPublisher(
            try settings(broker, device: "y", url: "mqtt://board:s3cret@127.0.0.1:\(broker.port)"))
        #expect(try admitted.waitUntilConnected(timeout: 30))
        admitted.stop()
    }

    @Test func mqttsWithAGeneratedCA() throws {
        let certificates = try TestCertificates.shared.get()
        let broker = try TestBroker(.init(tls: certificates))
        var trusted = try settings(broker, device: "secure")
        trusted.tls = MQTTTLSConfiguration(caFile: certificates.caFile)
        let publisher = try ReadingsPublisher(trusted)
        #expect(try publisher.waitUntilConnected(timeout: 30))
        publisher.stop()

        var untrusted = try settings(broker, device: "gullible")
        untrusted.tls = MQTTTLSConfiguration(caFile: certificates.otherCAFile)
        let refused = try ReadingsPublisher(untrusted)
        let error = #expect(throws: MQTTError.self) { _ = try refused.waitUntilConnected(timeout: 30) }
        #expect(error?.failure == .tlsHandshake)
        refused.stop()
    }

    @Test func homeAssistantDiscoveryIsRetained() throws {
        let broker = try TestBroker()
        var withDiscovery = try settings(broker, device: "wrist")
        withDiscovery.homeAssistant = true
        let publisher = try ReadingsPublisher(withDiscovery)
        #expect(try publisher.waitUntilConnected(timeout: 30))
        publisher.stop()
        let subscriber = try TestSubscriber(broker: broker, topic: "homeassistant/#")
        #expect(subscriber.wait { $0.count == 3 })
        #expect(subscriber.messages.allSatisfy { $0.retained })
        #expect(Set(subscriber.messages.map(\.topic)) == [
            "homeassistant/sensor/wrist/heart_rate/config", "homeassistant/sensor/wrist/steps/config",
            "homeassistant/sensor/wrist/motion/config",
        ])
    }
}
