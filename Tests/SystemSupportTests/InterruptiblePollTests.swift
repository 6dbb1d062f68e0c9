import Dispatch
import Glibc
import Testing

@testable import SystemSupport

@Suite struct InterruptiblePollTests {
    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    @Test func aWaitWithoutEventsLastsItsTimeout() {
        let poll = try? InterruptiblePoll()
        let start = ContinuousClock.now
        let result = poll?.wait(for: nil, writable: false, timeout: 0.1)
        #expect(result?.woken == false && result?.ready == [])
        #expect(seconds(since: start) >= 0.1)
    }

    @Test func wakeEndsAnEndlessWaitAndIsConsumed() throws {
        let poll = try InterruptiblePoll()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { poll.wake() }
        let start = ContinuousClock.now
        #expect(poll.wait(for: nil, writable: false, timeout: -1).woken)
        #expect(seconds(since: start) < 5)
        poll.wake()
        poll.wake()
        #expect(poll.wait(for: nil, writable: false, timeout: 0).woken)
        #expect(!poll.wait(for: nil, writable: false, timeout: 0).woken, "both wake-ups consumed by one wait")
    }

    @Test func reportsTheDescriptorsReadiness() throws {
        let poll = try InterruptiblePoll()
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(poll.wait(for: ends[0], writable: true, timeout: 0).ready == .writable)
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(poll.wait(for: ends[0], writable: false, timeout: 1).ready == .readable)
        close(ends[1])
        ends[1] = -1
        #expect(poll.wait(for: ends[0], writable: false, timeout: 1).ready.contains(.readable))
    }
}
