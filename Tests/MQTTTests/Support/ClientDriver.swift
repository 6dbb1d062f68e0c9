import Foundation
import MQTT

/// Drives an `MQTTClient` the way a network thread does (poll its socket, read, write, maintain) until a condition
/// holds, a call fails, or time runs out: enough for tests of the client alone.
struct ClientDriver {
    let client: MQTTClient
    private(set) var events: [MQTTClientEvent] = []

    init(_ client: MQTTClient) {
        self.client = client
    }

    /// Runs the loop until `condition` holds for the events so far (true), or `timeout` seconds pass (false).
    /// Throws what a network call threw.
    mutating func run(timeout: Double = 5, until condition: ([MQTTClientEvent]) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        defer { events += client.takeEvents() }
        while Date() < deadline {
            events += client.takeEvents()
            if condition(events) { return true }
            guard let socket = client.socket else {
                throw client.error("poll", .notConnected)
            }
            var descriptor = pollfd(
                fd: socket, events: Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&descriptor, 1, 50)
            if descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { try client.read() }
            if descriptor.revents & Int16(POLLOUT) != 0 { try client.write() }
            try client.maintain()
        }
        events += client.takeEvents()
        return condition(events)
    }
}
