import Foundation
import MotionMath
import Testing
@testable import Sensors

@Suite("Capture: the hand-over queue between device threads and the reader")
struct CaptureReadingQueueTests {
    func readings(_ count: Int, from start: Int = 0) -> [SensorReading] {
        (start..<(start + count)).map { SensorReading(kind: .gyroscope, t: Double($0), value: .zero) }
    }

    @Test func deliversInOrderThenEndsWhenEveryProducerFinished() throws {
        let queue = ReadingQueue(producers: 2)
        queue.push(readings(3))
        queue.producerFinished()
        queue.push(readings(2, from: 3))
        queue.producerFinished()
        #expect(try queue.pop()?.map(\.t) == [0, 1, 2, 3, 4])
        #expect(try queue.pop() == nil)
    }

    @Test func boundedDropsTheOldestAndCountsThem() throws {
        let queue = ReadingQueue(producers: 1, capacity: 10)
        queue.push(readings(25))
        #expect(queue.droppedReadings == 15)
        #expect(try queue.pop()?.map(\.t) == (15..<25).map(Double.init))
    }

    /// A failure reaches the reader after the readings that came before it.
    @Test func failureComesAfterEarlierReadings() throws {
        let queue = ReadingQueue(producers: 1)
        queue.push(readings(2))
        queue.fail(CaptureError(.vanished, "gone"))
        #expect(try queue.pop()?.count == 2)
        #expect(throws: CaptureError(.vanished, "gone")) { try queue.pop() }
    }

    @Test func cancelWakesABlockedReader() throws {
        let queue = ReadingQueue(producers: 1)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { queue.cancel() }
        #expect(try queue.pop() == nil)
    }
}
