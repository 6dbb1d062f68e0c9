import Testing
@testable import Sensors

@Suite("capture: overrun detection from timestamps")
struct CaptureOverrunTests {
    static func times(gaps: [Double], period: Double = 0.02, start: Double = 1_795_000_000) -> [Double] {
        var t = start
        return [t] + gaps.map { gap in
            t += gap * period
            return t
        }
    }

    static func detect(_ times: [Double], period: Double = 0.02) -> (overruns: Int, missed: Int) {
        var detector = OverrunDetector(period: period)
        for t in times { detector.observe(t) }
        return (detector.overruns, detector.missedSamples)
    }

    /// Kernel timestamps of the VM's HID hub (gyro_3d at 50 Hz, stamped at report arrival; gaps in periods): late
    /// reports that the following ones make up for. The old single-gap rule counted 8 overruns in these 300 samples;
    /// their mean interval is 1.002 periods, so nothing was lost.
    @Test func lateSamplesThatCatchUpAreNotLosses() {
        let observed: [Double] = [
            1.034, 0.979, 1.028, 0.922, 1.009, 0.999, 0.966, 1.169, 0.877, 0.947, 0.989, 1.064, 0.952, 1.051, 0.938,
            1.005, 1.056, 1.001, 0.947, 1.053, 0.955, 0.995, 0.999, 1.003, 0.983, 1.002, 1.067, 0.952, 1.046, 0.975,
            0.956, 1.077, 0.947, 0.985, 1.042, 0.963, 0.994, 1.0, 0.987, 1.028, 1.03, 1.011, 0.956, 0.975, 1.024, 1.001,
            1.052, 0.981, 1.016, 0.937, 1.044, 1.001, 1.004, 0.955, 1.061, 0.933, 1.05, 1.013, 0.927, 1.008, 1.05,
            1.001, 1.012, 1.038, 0.955, 1.003, 1.1, 1.175, 0.766, 0.998, 1.024, 0.917, 1.334, 0.76, 0.926, 1.006, 0.996,
            0.943, 1.059, 1.108, 0.876, 1.224, 0.942, 0.893, 0.993, 1.005, 0.842, 1.341, 0.769, 0.999, 0.991, 1.129,
            0.92, 0.685, 1.211, 0.915, 1.102, 1.004, 0.803, 1.288, 0.816, 0.826, 1.258, 1.045, 1.172, 0.872, 1.073,
            1.126, 0.851, 0.972, 0.982, 0.839, 1.112, 0.726, 1.106, 0.956, 1.163, 1.284, 0.775, 0.813, 1.334, 0.852,
            1.01, 0.864, 0.967, 1.377, 1.01, 0.839, 0.984, 1.001, 0.794, 1.212, 0.888, 1.205, 0.904, 0.898, 0.872,
            0.988, 1.156, 1.126, 1.096, 0.86, 0.912, 1.075, 0.919, 1.29, 1.001, 1.163, 0.821, 1.167, 0.668, 1.186,
            0.631, 1.143, 1.028, 0.991, 1.016, 1.141, 0.741, 1.007, 1.101, 1.008, 0.973, 0.921, 1.328, 0.582, 1.171,
            0.915, 1.108, 0.914, 1.204, 1.078, 1.521, 1.326, 0.829, 1.023, 1.044, 0.673, 1.288, 0.996, 0.991, 1.154,
            0.492, 1.377, 1.109, 0.883, 1.04, 1.012, 0.926, 1.021, 0.98, 1.019, 0.987, 0.629, 1.02, 0.975, 1.397, 0.607,
            1.004, 1.392, 0.606, 1.37, 1.061, 0.944, 0.561, 1.49, 0.95, 0.985, 0.676, 1.338, 1.242, 0.429, 0.975, 1.044,
            1.412, 0.814, 1.276, 0.923, 0.891, 0.628, 1.736, 0.71, 0.916, 0.75, 1.292, 1.251, 0.589, 0.779, 1.65, 0.869,
            0.887, 0.946, 0.982, 1.027, 1.037, 1.196, 0.727, 1.04, 0.962, 0.567, 1.438, 1.145, 0.497, 1.449, 0.917,
            0.786, 1.214, 0.638, 1.011, 1.61, 0.43, 1.334, 1.143, 0.975, 0.465, 1.419, 0.636, 1.013, 1.153, 0.687,
            1.593, 1.19, 0.397, 1.616, 0.428, 1.56, 0.381, 1.249, 1.152, 1.205, 0.399, 1.421, 0.56, 1.359, 1.032, 0.535,
            1.037, 1.14, 1.316, 0.992, 1.001, 1.018, 0.9, 0.993, 1.083, 0.563, 1.442, 0.976, 1.223, 0.457, 1.572, 0.585,
            1.142, 0.979, 1.051, 0.932, 0.632, 0.966, 1.041,
        ]
        let result = Self.detect(Self.times(gaps: observed))
        #expect(result.overruns == 0)
        #expect(result.missed == 0)
    }

    @Test func lostSamplesAreCountedOnceTheyStayMissing() {
        var gaps = Array(repeating: 1.0, count: 100)
        gaps[40] = 2
        gaps[70] = 4
        let result = Self.detect(Self.times(gaps: gaps))
        #expect(result.overruns == 2)
        #expect(result.missed == 4)
    }

    /// A sensor whose real rate is 5 % below the nominal one loses nothing; one dropped sample still counts.
    @Test func slowClockIsNotALossButADropIs() {
        #expect(Self.detect(Self.times(gaps: Array(repeating: 1.05, count: 300))).overruns == 0)
        var gaps = Array(repeating: 1.05, count: 300)
        gaps[150] = 2.1
        #expect(Self.detect(Self.times(gaps: gaps)) == (1, 1))
    }

    /// A loss among the last samples is already counted (provisionally) when the counts are read at the end, once
    /// two samples followed it; a late last sample, whose catch-up the capture never read, is not.
    @Test func lossNearTheEndIsCountedButNotALateLastSample() {
        var gaps = Array(repeating: 1.0, count: 30)
        gaps[23] = 3
        #expect(Self.detect(Self.times(gaps: gaps)) == (1, 2))
        gaps[23] = 1
        gaps[28] = 2.4
        #expect(Self.detect(Self.times(gaps: gaps)) == (0, 0))
    }
}
