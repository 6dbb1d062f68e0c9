import MotionMath

/// IMU samples kept for the offline smoother in fixed-size chunks of flat `Double`s (t, accelerometer, gyroscope,
/// magnetometer — NaN when absent: 80 bytes per sample). Unlike one growing array, whose capacity doubles, the
/// storage never holds more than one chunk beyond what it needs, and it is never copied while it grows: that keeps
/// the smoother's memory bound (`AttitudeSmoother.bytesPerSample`) true at every moment.
struct SampleChunks: Sendable {
    /// Samples per chunk (2¹⁶: 5 MiB).
    static let chunkShift = 16
    static let chunkSize = 1 << chunkShift
    static let stride = 10

    private var chunks: [[Double]] = []
    /// The number of samples stored.
    private(set) var count = 0

    mutating func append(_ sample: IMUSample) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Double] = []
            chunk.reserveCapacity(Self.chunkSize * Self.stride)
            chunks.append(chunk)
        }
        let m = sample.magnetometer ?? Vector3(.nan, .nan, .nan)
        let last = chunks.count - 1
        chunks[last].append(sample.t)
        chunks[last].append(sample.accelerometer.x)
        chunks[last].append(sample.accelerometer.y)
        chunks[last].append(sample.accelerometer.z)
        chunks[last].append(sample.gyroscope.x)
        chunks[last].append(sample.gyroscope.y)
        chunks[last].append(sample.gyroscope.z)
        chunks[last].append(m.x)
        chunks[last].append(m.y)
        chunks[last].append(m.z)
        count += 1
    }

    /// The `i`-th sample (a magnetometer with a NaN component reads as none).
    @inline(__always)
    subscript(i: Int) -> IMUSample {
        chunks[i >> Self.chunkShift].withUnsafeBufferPointer { chunk in
            let r = (i & (Self.chunkSize - 1)) * Self.stride
            let m = Vector3(chunk[r + 7], chunk[r + 8], chunk[r + 9])
            return IMUSample(
                t: chunk[r],
                accelerometer: Vector3(chunk[r + 1], chunk[r + 2], chunk[r + 3]),
                gyroscope: Vector3(chunk[r + 4], chunk[r + 5], chunk[r + 6]),
                magnetometer: m.x.isNaN || m.y.isNaN || m.z.isNaN ? nil : m)
        }
    }

    /// The time of the `i`-th sample, s.
    @inline(__always)
    func time(_ i: Int) -> Double {
        chunks[i >> Self.chunkShift][(i & (Self.chunkSize - 1)) * Self.stride]
    }
}
