import Foundation
import TestSupport
import Testing

@testable import MQTT

/// The libmosquitto wrapper against a real mosquitto broker on the loopback: connect, publish, will, and every way a
/// connection fails mapped to its own `MQTTFailure`.
@Suite struct MQTTClientTests {
    @Test func publishesAtQoS1AndReportsTheAcknowledgement() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "test/#")
        let client = try MQTTClient(id: "publisher")
        try client.connect(host: "127.0.0.1", port: broker.port)
        var driver = ClientDriver(client)
        #expect(try driver.run { $0.contains(.connected) })
        let id = try client.publish(MQTTMessage(topic: "test/a", text: #"{"n":1}"#, qos: .atLeastOnce))
        #expect(try driver.run { $0.contains(.delivered(id)) })
        #expect(subscriber.wait { $0.count == 1 })
        #expect(subscriber.messages == [.init(retained: false, qos: 1, topic: "test/a", payload: #"{"n":1}"#)])
    }

    @Test func theBrokerPublishesTheWillWhenTheConnectionDiesButNotAfterADisconnect() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "will/#")
        for clean in [false, true] {
            let client = try MQTTClient(id: "mortal-\(clean)")
            try client.setWill(MQTTMessage(topic: "will/\(clean)", text: "gone", qos: .atLeastOnce))
            try client.connect(host: "127.0.0.1", port: broker.port, keepAlive: 5)
            var driver = ClientDriver(client)
            #expect(try driver.run { $0.contains(.connected) })
            if clean {
                try client.disconnect()
                #expect(try driver.run { $0.contains(.disconnected(expected: true)) })
            } else {
                // Closing the socket without DISCONNECT is what a crash looks like to the broker.
                if let socket = client.socket { shutdown(socket, Int32(SHUT_RDWR)) }
            }
        }
        #expect(subscriber.wait { $0.contains { $0.topic == "will/false" } })
        Thread.sleep(forTimeInterval: 0.3)
        #expect(subscriber.messages.map(\.topic) == ["will/false"])
    }

    @Test func aWrongPasswordIsALoginRefusal() throws {
        let broker = try TestBroker(.init(users: ["alice": "secret"]))
        for (user, password, accepted) in [("alice", "wrong", false), ("mallory", "secret", false), ("alice", "secret", true)] {
            let client = try MQTTClient(id: "login-\(user)-\(password)")
            try client.setCredentials(username: user, password: password)
            try client.connect(host: "127.0.0.1", port: broker.port)
            var driver = ClientDriver(client)
            if accepted {
                #expect(try driver.run { $0.contains(.connected) })
                continue
            }
            let error = #expect(throws: MQTTError.self) { _ = try driver.run { _ in false } }
            #expect(error?.failure == .loginRefused(connack: 5))
            #expect(error?.failure.isLoginRefused == true)
            #expect(error?.operation == "CONNACK")
            #expect(error?.description == "CONNACK from 127.0.0.1:\(broker.port): login refused (not authorised)")
            #expect(driver.events.contains(.refused(connack: 5)))
        }
    }

    @Test func aClosedPortIsUnreachable() throws {
        let port = try FreePort.loopback()
        let client = try MQTTClient(id: "lonely")
        let error = #expect(throws: MQTTError.self) { try client.connect(host: "127.0.0.1", port: port) }
        #expect(error?.failure == .unreachable(errno: ECONNREFUSED))
        #expect(error?.failure.isUnreachable == true)
        #expect(error?.failure.isTransient == true)
        #expect(error?.description == "mosquitto_connect_async to 127.0.0.1:\(port): unreachable (Connection refused)")
    }

    @Test func anUnknownHostIsNotFound() throws {
        let client = try MQTTClient(id: "lost")
        let error = #expect(throws: MQTTError.self) { try client.connect(host: "no-such-host.invalid", port: 1883) }
        guard case .hostNotFound = error?.failure else {
            Issue.record("expected hostNotFound, got \(String(describing: error))")
            return
        }
        #expect(error?.failure.isUnreachable == true)
    }

    @Test func publishingWithoutAConnectionSaysSo() throws {
        let client = try MQTTClient(id: "idle")
        let error = #expect(throws: MQTTError.self) {
            try client.publish(MQTTMessage(topic: "a", text: "b", qos: .atLeastOnce))
        }
        #expect(error?.failure == .notConnected)
    }

    @Test func invalidTopicsAreInvalidArguments() throws {
        let broker = try TestBroker()
        let client = try MQTTClient(id: "wild")
        try client.connect(host: "127.0.0.1", port: broker.port)
        var driver = ClientDriver(client)
        #expect(try driver.run { $0.contains(.connected) })
        for topic in ["a/#", "a/+/b", ""] {
            let error = #expect(throws: MQTTError.self) { try client.publish(MQTTMessage(topic: topic, text: "x")) }
            #expect(error?.failure == .invalidArgument)
        }
    }
}
