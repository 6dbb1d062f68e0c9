import Testing
@testable import Sensors

/// Counting a fixed-rate device's samples on the host clock: regular times whatever the arrival jitter, jumps only
/// for lost samples, never a time after the arrival.
@Suite("Capture: sample clock")
struct CaptureSampleClockTests {
    /// Refills of 10 samples at 100 Hz whose arrivals trail the last sample by `latency(k)`; the times of every sample.
    static func times(
        refills: Int, lost: (Int) -> Int = { _ in 0 }, rate: Double = 100, latency: (Int) -> Double
    ) -> [Double] {
        var clock = SampleClock(period: 1 / 100)
        var times: [Double] = []
        var produced = 0
        for k in 0..<refills {
            produced += lost(k) + 10
            let arrival = 1000 + Double(produced - 1) / rate + latency(k)
            let first = clock.time(ofNext: 10, arrival: arrival)
            times += (0..<10).map { first + Double($0) / 100 }
        }
        return times
    }

    /// The first arrival's latency is unknown: the clock moves back while refills come sooner after their samples,
    /// then stays put.
    @Test func jitteringArrivalsGiveRegularTimes() {
        // Latency between 1 and 80 ms, changing every refill.
        let times = Self.times(refills: 200) { k in 0.001 + 0.079 * Double((k * 7919) % 13) / 12 }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        let irregular = steps.indices.filter { abs(steps[$0] - 0.01) >= 1e-9 }
        #expect(irregular.allSatisfy { $0 < 130 }, "\(irregular.map { ($0, steps[$0]) })")
        #expect(steps.allSatisfy { $0 > 0.001 })
        // Afterwards the quickest refills arrive with their last sample (1 ms, the smallest latency, is unseen).
        #expect(abs(times.last! - (1000 + 1999.0 / 100 + 0.001)) < 1e-6)
    }

    @Test func lostSamplesShowAsOneGap() {
        // Five samples lost before refill 50, a steady 3 ms latency.
        let times = Self.times(refills: 200, lost: { $0 == 50 ? 5 : 0 }) { _ in 0.003 }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        let gaps = steps.filter { $0 > 0.015 }
        #expect(gaps.count == 1)
        #expect(abs((gaps.first ?? 0) - 0.06) < 0.004, "\(gaps)")
        var detector = OverrunDetector(period: 0.01, horizon: 25)
        times.forEach { detector.observe($0) }
        #expect(detector.overruns == 1)
        #expect(detector.missedSamples == 5)
    }

    @Test func noTimeAfterItsArrivalAndAFastChipIsFollowed() {
        // The chip runs 1 % fast: 10 samples arrive every 9.9 ms of host time.
        var clock = SampleClock(period: 0.01)
        var previous = -Double.infinity
        for k in 0..<500 {
            let arrival = 50 + Double(k + 1) * 0.099 + 0.002
            let first = clock.time(ofNext: 10, arrival: arrival)
            let last = first + 0.09
            #expect(last <= arrival + 1e-9)
            #expect(first > previous)
            previous = last
        }
    }
}
