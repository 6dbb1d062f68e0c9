import Testing
import TextFormats

@testable import Publishing

@Suite struct SampleBatchTests {
    @Test func collectsAPeriodOfReadingTime() {
        var batch = SampleBatch(period: 1)
        var finished: [[JSONValue]] = []
        for index in 0..<250 {
            if let done = batch.add(.number(Double(index)), t: Double(index) / 100) { finished.append(done) }
        }
        #expect(finished.map(\.count) == [100, 100])
        #expect(finished.first?.first == .number(0) && finished.last?.last == .number(199))
        #expect(batch.flush()?.count == 50)
        #expect(batch.flush() == nil)
    }

    @Test func withoutAPeriodEverySampleGoesAlone() {
        var batch = SampleBatch(period: 0)
        #expect(batch.add(.number(1), t: 0) == [.number(1)])
        #expect(batch.add(.number(2), t: 0) == [.number(2)])
        #expect(batch.flush() == nil)
    }

    @Test func aClockGoingBackClosesTheBatch() {
        var batch = SampleBatch(period: 10)
        #expect(batch.add(.number(1), t: 5) == nil)
        #expect(batch.add(.number(2), t: 1) == [.number(1)])
    }
}
