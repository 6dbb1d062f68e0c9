import Testing
@testable import Sensors

@Suite("Wake-up batching")
struct WakeBatchingTests {
    /// Below 2 ms two intervals share a wake-up; from 2 ms on, one each.
    @Test func intervalsPerWake() {
        #expect(WakeBatching.intervalsPerWake(interval: 0.000625) == 2)
        #expect(WakeBatching.intervalsPerWake(interval: 0.001) == 2)
        #expect(WakeBatching.intervalsPerWake(interval: 0.0019) == 2)
        #expect(WakeBatching.intervalsPerWake(interval: 0.002) == 1)
        #expect(WakeBatching.intervalsPerWake(interval: 0.1) == 1)
        #expect(WakeBatching.intervalsPerWake(interval: 0) == 1)
        #expect(WakeBatching.intervalsPerWake(interval: .nan) == 1)
    }

    /// The simulated IMU's wake-up period: 2 ms at 1 ms (500 wake-ups/s instead of 1000), the interval from 2 ms
    /// on, a sample period when samples are rarer than updates.
    @Test func wakePeriod() {
        #expect(WakeBatching.wakePeriod(interval: 0.001, samplePeriod: 1.0 / 1600) == 0.002)
        #expect(WakeBatching.wakePeriod(interval: 0.1, samplePeriod: 1.0 / 50) == 0.1)
        #expect(WakeBatching.wakePeriod(interval: 0.005, samplePeriod: 0.01) == 0.01)
        #expect(WakeBatching.wakePeriod(interval: 0.0005, samplePeriod: 1.0 / 1600) == 2.0 / 1600)
    }

    /// Samples per refill: one interval's, two at 1600 Hz and 1 ms (800 wake-ups/s, not 1600), and never so many
    /// that a refill's first sample waits longer than one interval for its last.
    @Test func samplesPerRefill() {
        #expect(WakeBatching.samplesPerRefill(rate: 1600, interval: 0.001) == 2)
        #expect(WakeBatching.samplesPerRefill(rate: 1000, interval: 0.001) == 2)
        #expect(WakeBatching.samplesPerRefill(rate: 1600, interval: 1.0 / 1600) == 2)
        #expect(WakeBatching.samplesPerRefill(rate: 100, interval: 0.1) == 10)
        #expect(WakeBatching.samplesPerRefill(rate: 52, interval: 0.1) == 5)
        #expect(WakeBatching.samplesPerRefill(rate: 50, interval: 0.01) == 1)
        #expect(WakeBatching.samplesPerRefill(rate: 0, interval: 0.1) == 1)
        #expect(WakeBatching.samplesPerRefill(rate: .nan, interval: 0.001) == 1)
        for rate in [25.0, 100, 208, 400, 833, 1000, 1600, 3200, 6664] {
            for interval in [0.0003, 0.0005, 0.000625, 0.001, 0.0015, 0.002, 0.01, 0.1] where interval * rate >= 1 {
                let samples = WakeBatching.samplesPerRefill(rate: rate, interval: interval)
                #expect(Double(samples - 1) / rate <= interval + 1e-12, "\(rate) Hz, \(interval) s: \(samples)")
                #expect(samples >= Int((rate * interval + 1e-9).rounded(.down)), "\(rate) Hz, \(interval) s")
            }
        }
    }
}
