import MotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the still periods in a recorded stream and groups them into poses, so that a calibration can be computed
/// from a recording without prompts (`calibrate --source replay:FILE --fast`).
///
/// A sample is still when the window of `StillnessTest.windowDuration` centred on it passes the `StillnessTest` (the
/// same test the guided procedures apply to the last window of a live stream). Because the window is centred, a
/// still run ends half a window before motion starts, which trims the edges. Runs shorter than `minimumDuration` are
/// dropped. A sample outside `SampleBounds` (NaN, beyond the sensor's range) is never still, nor is any window
/// holding it.
public struct StillnessSegmenter: Sendable {
    /// Thresholds with their defaults.
    public struct Settings: Sendable, Equatable {
        /// The window and thresholds of stillness (defaults: 0.5 s, 0.1 m/s², 0.02 rad/s).
        public var stillness = StillnessTest()
        /// Shortest still segment kept, s (default 1).
        public var minimumDuration: Double = 1
        /// Largest angle between two segments' gravity directions for them to count as one pose, degrees
        /// (default 10).
        public var poseAngle: Double = 10

        /// The defaults.
        public init() {}
    }

    /// The thresholds in use.
    public let settings: Settings

    /// Creates a segmenter.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// The still segments of `samples`, in time order.
    public func segments(_ samples: [IMUSample]) -> [StillSegment] {
        guard samples.count >= 3 else { return [] }
        // 1. Window length in samples, from the median sampling interval.
        let intervals = zip(samples.dropFirst(), samples).map { $0.t - $1.t }.filter { $0 > 0 }.sorted()
        let interval = intervals.isEmpty ? 0.01 : intervals[intervals.count / 2]
        let half = max(1, Int((settings.stillness.windowDuration / interval / 2).rounded()))

        // 2. Prefix sums of values and squares, so that every window's variance costs O(1).
        let n = samples.count
        var sumA = [Vector3](repeating: .zero, count: n + 1)
        var sumA2 = sumA
        var sumG = sumA
        var sumG2 = sumA
        // A reading outside `SampleBounds` adds nothing to the sums (a NaN would make every later window NaN, and
        // NaN compares as still) and makes every window that holds it not still.
        var rejected = [Int](repeating: 0, count: n + 1)
        for (i, s) in samples.enumerated() {
            let usable = SampleBounds.accepts(s)
            let a = usable ? s.accelerometer : .zero
            let g = usable ? s.gyroscope : .zero
            rejected[i + 1] = rejected[i] + (usable ? 0 : 1)
            sumA[i + 1] = sumA[i] + a
            sumA2[i + 1] = sumA2[i] + a * a
            sumG[i + 1] = sumG[i] + g
            sumG2[i + 1] = sumG2[i] + g * g
        }
        func standardDeviation(_ s: [Vector3], _ s2: [Vector3], _ lo: Int, _ hi: Int) -> Double {
            let count = Double(hi - lo)
            let mean = (s[hi] - s[lo]) / count
            let variance = (s2[hi] - s2[lo]) / count - mean * mean
            return Vector3(
                max(0, variance.x).squareRoot(), max(0, variance.y).squareRoot(), max(0, variance.z).squareRoot()
            ).simd.max()
        }

        // 3. Classify each sample by its centred window (windows cut at the ends of the stream count as not still,
        //    unless the stream is shorter than a window).
        var still = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let lo = max(0, i - half)
            let hi = min(n, i + half + 1)
            guard hi - lo >= min(n, 2 * half + 1), rejected[hi] == rejected[lo] else { continue }
            still[i] = settings.stillness.isStill(
                accelerometerDeviation: standardDeviation(sumA, sumA2, lo, hi),
                gyroscopeDeviation: standardDeviation(sumG, sumG2, lo, hi))
        }

        // 4. Runs of still samples, long enough, with their statistics.
        var result: [StillSegment] = []
        var index = 0
        while index < n {
            guard still[index] else {
                index += 1
                continue
            }
            var end = index
            while end < n, still[end] { end += 1 }
            if samples[end - 1].t - samples[index].t >= settings.minimumDuration, end - index >= 2 {
                result.append(segment(samples, index..<end))
            }
            index = end
        }
        return result
    }

    /// The poses of the still segments: segments whose gravity directions lie within `poseAngle` of each other are
    /// merged (sample-weighted mean).
    public func poses(_ segments: [StillSegment]) -> [StillPose] {
        let cosLimit = cos(settings.poseAngle * Double.pi / 180)
        var clusters: [(sum: Vector3, squares: Vector3, count: Int)] = []
        for segment in segments {
            let weight = Double(segment.count)
            let mean = segment.accelerometerMean
            let norm = mean.norm
            guard norm > 0 else { continue }
            let squares = (segment.accelerometerNoise * segment.accelerometerNoise + mean * mean) * weight
            if let match = clusters.firstIndex(where: { cluster in
                let centre = cluster.sum / Double(cluster.count)
                return centre.dot(mean) / (centre.norm * norm) >= cosLimit
            }) {
                clusters[match].sum += mean * weight
                clusters[match].squares += squares
                clusters[match].count += segment.count
            } else {
                clusters.append((mean * weight, squares, segment.count))
            }
        }
        return clusters.map { cluster in
            let count = Double(cluster.count)
            let mean = cluster.sum / count
            let variance = cluster.squares / count - mean * mean
            return StillPose(
                accelerometer: mean, samples: cluster.count,
                noise: Vector3(
                    max(0, variance.x).squareRoot(), max(0, variance.y).squareRoot(), max(0, variance.z).squareRoot()))
        }
    }

    private func segment(_ samples: [IMUSample], _ range: Range<Int>) -> StillSegment {
        let count = Double(range.count)
        var sumA = Vector3.zero
        var sumG = Vector3.zero
        for i in range {
            sumA += samples[i].accelerometer
            sumG += samples[i].gyroscope
        }
        let meanA = sumA / count
        var squares = Vector3.zero
        for i in range { squares += (samples[i].accelerometer - meanA) * (samples[i].accelerometer - meanA) }
        let variance = squares / count
        return StillSegment(
            range: range, startTime: samples[range.lowerBound].t, endTime: samples[range.upperBound - 1].t,
            accelerometerMean: meanA,
            accelerometerNoise: Vector3(variance.x.squareRoot(), variance.y.squareRoot(), variance.z.squareRoot()),
            gyroscopeMean: sumG / count)
    }
}
