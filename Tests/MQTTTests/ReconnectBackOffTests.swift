import Testing

@testable import MQTT

@Suite struct ReconnectBackOffTests {
    @Test func doublesFromHalfASecondToTheCap() {
        let backOff = ReconnectBackOff()
        let delays = (1...9).map { backOff.delay(afterFailures: $0, random: 0.5) }
        #expect(delays == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
        #expect(backOff.delay(afterFailures: 10_000, random: 0.5) == 30, "no overflow after days of failures")
    }

    @Test func jitterSpreadsTwentyPercentEachWay() {
        let backOff = ReconnectBackOff()
        #expect(abs(backOff.delay(afterFailures: 3, random: 0) - 1.6) < 1e-12)
        #expect(abs(backOff.delay(afterFailures: 3, random: 1) - 2.4) < 1e-12)
        #expect(abs(backOff.delay(afterFailures: 20, random: 1) - 36) < 1e-12, "jitter applies at the cap too")
    }

    @Test func settingsAreClampedToSensibleValues() {
        let backOff = ReconnectBackOff(initialDelay: 5, maximumDelay: 1, multiplier: 0.5, jitter: 3)
        #expect(backOff.maximumDelay == 5)
        #expect(backOff.multiplier == 1)
        #expect(backOff.jitter == 1)
    }
}
