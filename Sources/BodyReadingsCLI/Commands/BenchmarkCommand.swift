import Fusion
import MotionMath
import MotionSimulation
import TextFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bodyreadings benchmark`: the fusion core's throughput, 6D and 9D, single-threaded, in-process.
///
/// The input is a generated 1 kHz trajectory (smooth rotation about all axes, linear acceleration, magnetometer, a
/// constant gyroscope bias, deterministic noise), made before the clock starts. Each mode runs the filter with its
/// default settings (every feature on) over that trajectory, pass after pass, for at least `--seconds`.
enum BenchmarkCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "benchmark",
            overview: "Measure the fusion core's throughput (6D and 9D) on a generated trajectory.",
            options: [
                .json,
                .seconds,
            ],
            discussion: """
                The trajectory (1 kHz, \(Trajectory.count) samples per pass) is generated in memory before timing. \
                The filter runs single-threaded with every feature on (rest and motion bias estimation, gyroscope \
                scale-factor estimation, magnetic disturbance rejection, and a 2.5 ms latency compensation); a \
                fresh filter starts every pass. `bench/speed` compares the result with VQF's C++ updateBatch on the \
                same kind of data.

                --json prints {"6d": {"samples_per_second": …, "ns_per_sample": …, "samples": …}, "9d": {…}, \
                "sample_rate_hz": 1000}.
                """
        ),
        run: { arguments, console in
            let seconds = try arguments.number(.seconds, in: 0.01...3600)
            let trajectory = Trajectory.generate()
            let six = measure(trajectory.sixD, seconds: seconds)
            let nine = measure(trajectory.nineD, seconds: seconds)
            if arguments.has(.json) {
                let report = JSONValue.object([
                    ("6d", six.json), ("9d", nine.json), ("sample_rate_hz", .number(Double(Trajectory.rate))),
                ])
                try console.write(report.spacedRendered + "\n")
            } else {
                try console.write("6D: \(six.text)\n9D: \(nine.text)\n")
            }
            return .ok
        }
    )

    /// The outcome of one mode.
    struct Result {
        var samples: Int
        var nanoseconds: Double
        /// Sum of an output component, printed so that the work cannot be optimised away.
        var checksum: Double

        var samplesPerSecond: Double { Double(samples) / nanoseconds * 1e9 }
        var nanosecondsPerSample: Double { nanoseconds / Double(samples) }

        var json: JSONValue {
            .object([
                ("samples_per_second", .number(samplesPerSecond.rounded())),
                ("ns_per_sample", .number((nanosecondsPerSample * 100).rounded() / 100)),
                ("samples", .number(Double(samples))), ("checksum", .number(checksum)),
            ])
        }

        var text: String {
            let millions = (samplesPerSecond / 1e4).rounded() / 100
            let ns = (nanosecondsPerSample * 10).rounded() / 10
            return "\(millions) M samples/s, \(ns) ns/sample (\(samples) samples)"
        }
    }

    static func measure(_ samples: [IMUSample], seconds: Double) -> Result {
        let clock = ContinuousClock()
        // One untimed pass warms caches and the branch predictor.
        var checksum = run(samples)
        var total = 0
        var elapsed = Duration.zero
        let budget = Duration.nanoseconds(Int64(seconds * 1e9))
        while elapsed < budget {
            let start = clock.now
            checksum += run(samples)
            elapsed += clock.now - start
            total += samples.count
        }
        let (whole, fraction) = elapsed.components
        return Result(
            samples: total, nanoseconds: Double(whole) * 1e9 + Double(fraction) / 1e9, checksum: checksum)
    }

    /// The defaults plus the one feature that is off by default (latency compensation), so that every feature is timed.
    static let settings: AttitudeFilter.Settings = {
        var settings = AttitudeFilter.Settings()
        settings.latencyCompensation = 0.0025
        return settings
    }()

    static func run(_ samples: [IMUSample]) -> Double {
        var filter = AttitudeFilter(settings: settings)
        var sum = 0.0
        for sample in samples {
            sum += filter.update(sample).attitude.w
        }
        return sum
    }

    /// A deterministic 1 kHz trajectory: attitude from smooth ZYX angles, body rates from their derivatives.
    ///
    /// Formulas (t in s): roll φ = 0.8 sin(0.7t), pitch θ = 0.5 sin(0.9t + 1), yaw ψ = 2 sin(0.3t); gyroscope = body
    /// rate + (0.01, −0.02, 0.015) rad/s + noise; accelerometer = gravity in the device frame + 0.5 sin(3t)·(1, 0.5,
    /// −0.3) m/s² + noise; magnetometer = (0, 20, −40) µT in the device frame + noise. `bench/speed` generates the
    /// same trajectory for VQF.
    struct Trajectory {
        static let rate = 1000
        static let count = 100_000
        var sixD: [IMUSample]
        var nineD: [IMUSample]

        static func generate() -> Trajectory {
            var random = SplitMix64(seed: 42)
            var nine: [IMUSample] = []
            nine.reserveCapacity(count)
            for index in 0..<count {
                let t = Double(index) / Double(rate)
                let roll = 0.8 * sin(0.7 * t), rollRate = 0.56 * cos(0.7 * t)
                let pitch = 0.5 * sin(0.9 * t + 1), pitchRate = 0.45 * cos(0.9 * t + 1)
                let yaw = 2 * sin(0.3 * t), yawRate = 0.6 * cos(0.3 * t)
                // ZYX Euler rates → body rates.
                let body = Vector3(
                    rollRate - yawRate * sin(pitch),
                    pitchRate * cos(roll) + yawRate * cos(pitch) * sin(roll),
                    -pitchRate * sin(roll) + yawRate * cos(pitch) * cos(roll))
                let attitude = Quaternion(roll: roll, pitch: pitch, yaw: yaw)
                let gravity = attitude.inverseRotate(Vector3(0, 0, 9.81))
                let linear = Vector3(1, 0.5, -0.3) * (0.5 * sin(3 * t))
                let field = attitude.inverseRotate(Vector3(0, 20, -40))
                nine.append(
                    IMUSample(
                        t: t,
                        accelerometer: gravity + linear + noise(&random, 0.05),
                        gyroscope: body + Vector3(0.01, -0.02, 0.015) + noise(&random, 0.002),
                        magnetometer: field + noise(&random, 0.3)))
            }
            let six = nine.map { IMUSample(t: $0.t, accelerometer: $0.accelerometer, gyroscope: $0.gyroscope) }
            return Trajectory(sixD: six, nineD: nine)
        }

        /// Uniform noise in [−amplitude, amplitude] on each axis.
        static func noise(_ random: inout SplitMix64, _ amplitude: Double) -> Vector3 {
            Vector3(random.nextUniform() * 2 - 1, random.nextUniform() * 2 - 1, random.nextUniform() * 2 - 1)
                * amplitude
        }
    }
}
