import Foundation
import TestSupport
import Testing

@testable import MQTT

/// The publisher against a real mosquitto: order, reconnection through a broker restart with the loss it reports
/// equal to the loss a subscriber sees, refused logins, a late broker, a clean stop.
@Suite struct MQTTPublisherTests {
    private func configuration(_ broker: TestBroker, id: String) -> MQTTPublisher.Configuration {
        var configuration = MQTTPublisher.Configuration(host: "127.0.0.1", port: broker.port, clientID: id)
        configuration.backOff = ReconnectBackOff(initialDelay: 0.2, maximumDelay: 1)
        return configuration
    }

    private func numbered(_ index: Int, qos: MQTTQoS = .atLeastOnce) -> MQTTMessage {
        MQTTMessage(topic: "seq/data", text: String(index), qos: qos)
    }

    @Test func deliversInOrderAndCountsIt() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "seq/#")
        let publisher = try MQTTPublisher(configuration(broker, id: "ordered"))
        #expect(try publisher.waitUntilConnected(timeout: 30))
        for index in 0..<500 { publisher.publish(numbered(index)) }
        #expect(subscriber.wait { $0.count == 500 })
        #expect(subscriber.messages.map(\.payload) == (0..<500).map(String.init))
        let statistics = publisher.stop()
        #expect(statistics.accepted == 500 && statistics.delivered == 500 && statistics.dropped == 0)
        #expect(statistics.connections == 1 && !statistics.isConnected)
    }

    @Test func survivesABrokerRestartReportingExactlyTheLossSeen() throws {
        let broker = try TestBroker(.init(persistence: true))
        // A persistent session: the broker keeps the subscriber's messages while it reconnects after the restart.
        let subscriber = try TestSubscriber(broker: broker, topic: "seq/#", session: "restart-watcher")
        var settings = configuration(broker, id: "survivor")
        settings.limits = MQTTQueueLimits(maximumMessages: 40)
        let drops = DropLog()
        let publisher = try MQTTPublisher(settings) { event in drops.note(event) }
        #expect(try publisher.waitUntilConnected(timeout: 30))

        // 20 messages a second for 2 s, through a 5 s outage, and 2 s after.
        var next = 0
        func publish(for seconds: Double) {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                publisher.publish(numbered(next))
                next += 1
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        publish(for: 2)
        broker.stop()
        publish(for: 5)
        try broker.start()
        publish(for: 2)
        let statistics = publisher.stop(drainTimeout: 30)

        #expect(statistics.accepted == next)
        #expect(statistics.connections == 2, "one reconnection")
        #expect(statistics.dropped > 0, "a 40-message queue cannot hold 5 s at 20 messages/s")
        #expect(statistics.delivered + statistics.dropped == next)
        let expectedSeen = next - statistics.dropped
        subscriber.wait { Set($0.map(\.payload)).count >= expectedSeen }
        let seen = subscriber.messages.compactMap { Int($0.payload) }
        var firstSeen: [Int] = []
        var unique = Set<Int>()
        for number in seen where unique.insert(number).inserted { firstSeen.append(number) }
        #expect(firstSeen == firstSeen.sorted(), "in order (a resent message may repeat, never overtake)")
        #expect(next - unique.count == statistics.dropped, "the loss reported is the loss seen")
        #expect(drops.total == statistics.dropped, "drop events add up to the total")
        // Dropping the oldest: the gap is one run inside the outage, everything after it arrives.
        let missing = Set(0..<next).subtracting(unique).sorted()
        if let first = missing.first, let last = missing.last {
            #expect(last - first + 1 == missing.count, "one contiguous gap: \(missing)")
        }
    }

    @Test func aRefusedLoginIsTheFirstOutcome() throws {
        let broker = try TestBroker(.init(users: ["board": "right"]))
        var settings = configuration(broker, id: "intruder")
        settings.username = "board"
        settings.password = "wrong"
        let publisher = try MQTTPublisher(settings)
        let error = #expect(throws: MQTTError.self) { _ = try publisher.waitUntilConnected(timeout: 30) }
        #expect(error?.failure.isLoginRefused == true)
        publisher.stop()
    }

    /// The late broker runs once before the publisher starts, so that a subscriber's persistent session waits in it:
    /// whenever the publisher finds the broker again, what it sends is kept for the subscriber. (A subscriber started
    /// after the broker subscribed, on a loaded machine, after the publisher had already delivered into nobody.)
    @Test func aLateBrokerIsFoundAndGetsWhatWasQueued() throws {
        let broker = try TestBroker(.init(persistence: true))
        try TestSubscriber(broker: broker, topic: "seq/#", session: "late-watcher").stop()
        broker.stop()
        var settings = MQTTPublisher.Configuration(host: "127.0.0.1", port: broker.port, clientID: "patient")
        settings.backOff = ReconnectBackOff(initialDelay: 0.2, maximumDelay: 0.5)
        let publisher = try MQTTPublisher(settings)
        let error = #expect(throws: MQTTError.self) { _ = try publisher.waitUntilConnected(timeout: 30) }
        #expect(error?.failure == .unreachable(errno: ECONNREFUSED))
        for index in 0..<10 { publisher.publish(numbered(index)) }
        publisher.publish(numbered(99, qos: .atMostOnce))
        #expect(publisher.statistics.queued == 10 && publisher.statistics.dropped == 1, "QoS 0 is not queued")

        try broker.start()
        let subscriber = try TestSubscriber(broker: broker, topic: "seq/#", session: "late-watcher")
        #expect(subscriber.wait { $0.count == 10 })
        #expect(subscriber.messages.map(\.payload) == (0..<10).map(String.init))
        #expect(publisher.stop().delivered == 10)
    }

    @Test func aCleanStopSendsTheFinalMessageInsteadOfTheWill() throws {
        let broker = try TestBroker()
        let subscriber = try TestSubscriber(broker: broker, topic: "life/#")
        var settings = configuration(broker, id: "mortal")
        settings.will = MQTTMessage(topic: "life/will", text: "died", qos: .atLeastOnce)
        settings.onConnect = { _ in [MQTTMessage(topic: "life/birth", text: "born", qos: .atLeastOnce)] }
        let publisher = try MQTTPublisher(settings)
        #expect(try publisher.waitUntilConnected(timeout: 30))
        publisher.publish(MQTTMessage(topic: "life/data", text: "1", qos: .atLeastOnce))
        publisher.stop { statistics in
            MQTTMessage(topic: "life/final", text: "delivered \(statistics.delivered)", qos: .atLeastOnce)
        }
        #expect(subscriber.wait { $0.count == 3 })
        Thread.sleep(forTimeInterval: 0.3)
        #expect(subscriber.messages.map(\.payload) == ["born", "1", "delivered 1"])
    }
}

/// Adds up the publisher's drop reports.
private final class DropLog: @unchecked Sendable {
    // @unchecked: `sum` is guarded by `lock`.
    private let lock = NSLock()
    private var sum = 0

    func note(_ event: MQTTPublisherEvent) {
        guard case .dropped(let count, _) = event else { return }
        lock.withLock { sum += count }
    }

    var total: Int { lock.withLock { sum } }
}
