import Testing

@testable import MQTT

@Suite struct PublishQueueTests {
    private func message(_ index: Int, bytes: Int = 9) -> MQTTMessage {
        MQTTMessage(topic: "t", payload: Array(repeating: UInt8(index & 0xFF), count: bytes - 1), qos: .atLeastOnce)
    }

    @Test func keepsOrderAndDropsTheOldestBeyondTheMessageLimit() {
        var queue = PublishQueue(limits: MQTTQueueLimits(maximumMessages: 3))
        let dropped = (0..<5).map { queue.append(message($0)) }
        #expect(dropped == [0, 0, 0, 1, 1])
        #expect(queue.count == 3)
        #expect((0..<3).compactMap { _ in queue.removeFirst()?.payload.first } == [2, 3, 4])
        #expect(queue.isEmpty && queue.bytes == 0)
    }

    @Test func dropsTheOldestBeyondTheByteLimitButKeepsAnOversizedNewcomer() {
        var queue = PublishQueue(limits: MQTTQueueLimits(maximumBytes: 30))
        #expect(queue.append(message(1, bytes: 10)) == 0)
        #expect(queue.append(message(2, bytes: 10)) == 0)
        #expect(queue.append(message(3, bytes: 10)) == 0)
        #expect(queue.bytes == 30)
        #expect(queue.append(message(4, bytes: 15)) == 2)
        #expect(queue.bytes == 25)
        #expect(queue.append(message(5, bytes: 100)) == 2, "alone over the limit: everything older goes")
        #expect(queue.count == 1 && queue.bytes == 100)
    }

    @Test func returnedMessagesGoBackToTheHeadInOrder() {
        var queue = PublishQueue(limits: MQTTQueueLimits(maximumMessages: 4))
        for index in 3..<6 { _ = queue.append(message(index)) }
        #expect(queue.prepend([message(1), message(2)]) == 1, "over the limit: the oldest returned one goes")
        #expect((0..<4).compactMap { _ in queue.removeFirst()?.payload.first } == [2, 3, 4, 5])
    }

    @Test func compactsWithoutLosingMessages() {
        var queue = PublishQueue(limits: MQTTQueueLimits(maximumMessages: 10_000))
        var expected = 0
        for index in 0..<5000 {
            _ = queue.append(message(index))
            if index % 3 != 0, let first = queue.removeFirst() {
                #expect(Int(first.payload[0]) == expected & 0xFF)
                expected += 1
            }
        }
        #expect(queue.count == 5000 - expected)
        #expect(queue.removeAll() == 5000 - expected)
        #expect(queue.isEmpty)
    }
}
