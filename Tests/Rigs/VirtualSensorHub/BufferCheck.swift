import Foundation
import MotionMath
import MotionSimulation

/// Compares buffered IIO samples with the trajectory's truth at each sample's kernel timestamp: the assertion of
/// the tier's dynamic scenarios, in Swift so it is unit-tested rather than written in awk.
///
/// Input records are what `iio_readdev DEVICE X Y Z timestamp` writes for a hub device: three little-endian Int32
/// values, 4 bytes of padding, a little-endian Int64 timestamp in ns (CLOCK_REALTIME) — 24 bytes per sample.
public struct BufferCheck: Sendable {
    /// Which reading the samples hold.
    public enum Quantity: String, CaseIterable, Sendable {
        case accel, anglvel, magn
    }

    /// What to compare against and how strictly.
    public struct Settings: Sendable {
        public var quantity: Quantity = .anglvel
        /// IIO scale of the raw values (SI per LSB; for magn, gauss per LSB: multiplied by 100 to µT).
        public var scale = 1.0
        /// CLOCK_REALTIME seconds of the trajectory's t = 0 (the hub's `--start-file`).
        public var start = 0.0
        /// Largest allowed error of any sample, SI units.
        public var maximumError = Double.infinity
        /// Largest allowed RMS error, SI units.
        public var rmsError = Double.infinity
        /// The report interval the driver asked for, ms; when set, the mean spacing must be within 5 % of it and no
        /// gap may exceed ten intervals. Timestamps are taken at arrival, so a guest descheduled for a few intervals
        /// shows a gap followed by a burst (the hub catches up to ten intervals, like a sensor's own clock); only a
        /// longer gap loses samples.
        public var intervalMilliseconds: Double?
        /// The trajectory, bias and offset that produced the samples (noise is not modelled: tolerances cover it).
        public var trajectory: HubTrajectory = .rest
        public var imu = SensorErrorModel.Settings()

        public init() {}
    }

    /// The outcome: statistics and the reasons it failed (empty when it passed).
    public struct Result: Sendable {
        public var count = 0
        public var rmsError = 0.0
        public var maximumError = 0.0
        public var meanIntervalMilliseconds = 0.0
        public var maximumGapMilliseconds = 0.0
        public var failures: [String] = []

        public var summary: String {
            String(
                format: "%d samples, error rms %.4f max %.4f, interval mean %.2f ms max %.2f ms", count, rmsError,
                maximumError, meanIntervalMilliseconds, maximumGapMilliseconds)
        }
    }

    /// Size of one record, bytes.
    public static let recordSize = 24

    public let settings: Settings

    public init(settings: Settings) {
        self.settings = settings
    }

    /// Checks `data` (whole records; a trailing partial record is ignored).
    public func check(_ data: [UInt8]) -> Result {
        var result = Result()
        let imu = SensorErrorModel(settings: settings.imu)
        let motion = settings.trajectory.make()
        let factor = settings.quantity == .magn ? 100 * settings.scale : settings.scale
        var squares = 0.0
        var first: Double?
        var previous: Double?
        var offset = 0
        while offset + Self.recordSize <= data.count {
            func int32(_ at: Int) -> Int32 { Int32(bitPattern: data.uint32(at: offset + at)) }
            let nanoseconds = UInt64(data.uint32(at: offset + 16)) | UInt64(data.uint32(at: offset + 20)) << 32
            let time = Double(Int64(bitPattern: nanoseconds)) * 1e-9
            let measured = Vector3(Double(int32(0)) * factor, Double(int32(4)) * factor, Double(int32(8)) * factor)
            let reading = imu.expected(motion.truth(at: time - settings.start))
            let expected: Vector3 = switch settings.quantity {
            case .accel: reading.accel
            case .anglvel: reading.anglvel
            case .magn: reading.magn
            }
            let error = sqrt(zip(measured.array, expected.array).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
            squares += error * error
            result.maximumError = max(result.maximumError, error)
            if let previous {
                result.maximumGapMilliseconds = max(result.maximumGapMilliseconds, (time - previous) * 1000)
            }
            if first == nil { first = time }
            previous = time
            result.count += 1
            offset += Self.recordSize
        }
        guard result.count > 0, let first, let previous else {
            result.failures.append("no samples")
            return result
        }
        result.rmsError = sqrt(squares / Double(result.count))
        if result.count > 1 {
            result.meanIntervalMilliseconds = (previous - first) * 1000 / Double(result.count - 1)
        }
        if result.rmsError > settings.rmsError {
            result.failures.append(String(format: "rms error %.4f > %.4f", result.rmsError, settings.rmsError))
        }
        if result.maximumError > settings.maximumError {
            result.failures.append(String(format: "max error %.4f > %.4f", result.maximumError, settings.maximumError))
        }
        if let interval = settings.intervalMilliseconds {
            if abs(result.meanIntervalMilliseconds / interval - 1) > 0.05 {
                result.failures.append(
                    String(format: "mean interval %.2f ms, asked %.0f ms", result.meanIntervalMilliseconds, interval))
            }
            if result.maximumGapMilliseconds > 10 * interval {
                result.failures.append(
                    String(format: "gap of %.1f ms (samples lost at %.0f ms)", result.maximumGapMilliseconds, interval))
            }
        }
        return result
    }
}
