import BodyReadings
import Testing

@Suite("update decimator")
struct UpdateDecimatorTests {
    /// Kernel realtime timestamps (≈ 1.8e9 s, resolved to 2.4e-7 s) of a sensor sampling every `period` s with
    /// arrival jitter uniform in ±`jitter` s; deterministic.
    static func realtimeTimes(count: Int, period: Double, jitter: Double, seed: UInt64 = 5) -> [Double] {
        var state = seed
        let start = 1_795_000_000.123_456_789
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            let nanoseconds = Int64((start + Double(index) * period + (2 * unit - 1) * jitter) * 1e9)
            return Double(nanoseconds) / 1e9
        }
    }

    static func emitted(_ times: [Double], interval: Double) -> [Double] {
        var decimator = UpdateDecimator(interval: interval)
        return times.filter { decimator.shouldEmit(t: $0) }
    }

    static func spacings(_ times: [Double]) -> [Double] { zip(times.dropFirst(), times).map { $0 - $1 } }

    /// The HIL finding: a 50 Hz hub with jittery realtime stamps streamed at 0.02 s printed every 25.9 ms, because a
    /// sample 19.8 ms after the last printed one was skipped. Every sample is printed now (mean spacing within 0.5 %).
    @Test func sampleRateEqualToTheIntervalKeepsEverySampleDespiteJitter() {
        let times = Self.realtimeTimes(count: 500, period: 0.02, jitter: 0.003)
        let printed = Self.emitted(times, interval: 0.02)
        #expect(printed.count == times.count)
        let mean = (printed.last! - printed.first!) / Double(printed.count - 1)
        #expect(abs(mean / 0.02 - 1) < 0.005, "mean spacing \(mean)")
    }

    /// 100 Hz with ±3 ms jitter at 0.02 s: one row per grid point, mean spacing within 0.5 %; each row is within half
    /// a sample period plus the jitter of its grid point, so no spacing exceeds 0.02 + 2 × (0.005 + 0.003) s.
    @Test func fasterSamplesArePickedNearestToTheGrid() {
        let times = Self.realtimeTimes(count: 1000, period: 0.01, jitter: 0.003)
        let printed = Self.emitted(times, interval: 0.02)
        let mean = (printed.last! - printed.first!) / Double(printed.count - 1)
        #expect(abs(mean / 0.02 - 1) < 0.005, "mean spacing \(mean)")
        #expect(abs(printed.count - 500) <= 2)
        #expect(Self.spacings(printed).allSatisfy { $0 <= 0.036 }, "\(Self.spacings(printed).max() ?? 0)")
    }

    /// 0.05 s from 100 Hz (the remote scenario's 55 ms finding): every fifth sample.
    @Test func intervalOfSeveralSamplePeriodsAveragesExactly() {
        let times = Self.realtimeTimes(count: 1000, period: 0.01, jitter: 0.002, seed: 9)
        let printed = Self.emitted(times, interval: 0.05)
        let mean = (printed.last! - printed.first!) / Double(printed.count - 1)
        #expect(abs(mean / 0.05 - 1) < 0.005, "mean spacing \(mean)")
        #expect(abs(printed.count - 200) <= 1)
    }

    /// After a gap the grid starts again at the first sample after it, instead of printing a burst to catch up.
    @Test func aGapReanchorsTheGrid() {
        let before = (0..<50).map { 100 + Double($0) * 0.01 }
        let after = (0..<50).map { 101.503 + Double($0) * 0.01 }
        let printed = Self.emitted(before + after, interval: 0.02)
        #expect(printed.contains(101.503))
        let resumed = printed.filter { $0 >= 101.5 }
        #expect(resumed == after.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
    }

    @Test func slowerSamplesAreAllPrintedAndZeroIntervalPrintsEverything() {
        let times = (0..<100).map { Double($0) * 0.05 }
        #expect(Self.emitted(times, interval: 0.02) == times)
        #expect(Self.emitted(times, interval: 0) == times)
        #expect(Self.emitted(times, interval: 1000) == [0])
    }

    /// Aligned decimators that start at different samples deliver the same updates, the nearest to multiples of the
    /// interval; an unaligned one started mid-way keeps its own grid; a gap re-anchors on the next multiple.
    @Test func alignedDecimatorsDeliverTheSameUpdatesOnMultiples() {
        let times = (0..<4000).map { 1_795_000_000 + Double($0) / 1600 + 0.0001 }  // 1.6 kHz, off the grid by 0.1 ms
        func emitted(from start: Int, aligned: Bool, in series: [Double] = times) -> [Double] {
            var decimator = UpdateDecimator(interval: 0.01, alignsToMultiples: aligned)
            return series[start...].filter { decimator.shouldEmit(t: $0) }
        }
        let early = emitted(from: 0, aligned: true)
        let late = emitted(from: 1234, aligned: true)
        #expect(!late.isEmpty && early.suffix(late.count).elementsEqual(late), "the same updates from the later start on")
        let offGrid = early.map { abs($0 - ($0 / 0.01).rounded() * 0.01) }
        #expect(offGrid.allSatisfy { $0 <= 1.0 / 3200 + 1e-6 }, "each within half a sample of a multiple: \(offGrid.max()!)")
        let unaligned = emitted(from: 1234, aligned: false)
        #expect(unaligned.first == times[1234] && unaligned.first != late.first, "the first update anchors the default")

        let gapped = Array(times[0..<1000]) + Array(times[1037...])  // 23 ms without samples
        // The first update after the gap comes at once (as unaligned), the next ones on multiples again.
        let afterGap = emitted(from: 0, aligned: true, in: gapped).filter { $0 > times[1000] }.dropFirst()
        #expect(!afterGap.isEmpty && afterGap.allSatisfy { abs($0 - ($0 / 0.01).rounded() * 0.01) <= 1.0 / 3200 + 1e-6 }, "re-anchored on multiples")
    }
}
