import Foundation
import MotionMath
@testable import Calibration

/// Reference sensor errors for the synthetic tests.
enum Truth {
    static let gravity = 9.80665

    /// Accelerometer correction matrix with scale errors and misalignment (not symmetric), for the six-position
    /// method that recovers the full matrix.
    static let accelerometerMatrix = CalibrationMatrix(
        row0: SIMD3(1.030, 0.012, -0.008),
        row1: SIMD3(-0.006, 0.970, 0.015),
        row2: SIMD3(0.010, -0.004, 1.012))
    /// Symmetric accelerometer correction matrix (an ellipsoid fit recovers the symmetric part only).
    static let symmetricAccelerometerMatrix = CalibrationMatrix(
        row0: SIMD3(1.030, 0.012, -0.008),
        row1: SIMD3(0.012, 0.970, 0.015),
        row2: SIMD3(-0.008, 0.015, 1.012))
    static let accelerometerOffset = SIMD3(0.15, -0.1, 0.2)

    static let gyroscopeBias = SIMD3(0.02, -0.015, 0.01)

    static let hardIron = SIMD3(25.0, -12.0, 40.0)
    static let fieldStrength = 48.0
    /// Symmetric soft-iron correction with determinant 1.
    static var softIron: CalibrationMatrix {
        let raw = CalibrationMatrix(
            row0: SIMD3(1.10, 0.05, -0.03),
            row1: SIMD3(0.05, 0.93, 0.04),
            row2: SIMD3(-0.03, 0.04, 1.00))
        return raw * (1 / cbrt(raw.determinant))
    }

    /// The raw accelerometer reading for a true specific force `f`: raw = M⁻¹ f + offset.
    static func rawAccelerometer(_ f: SIMD3<Double>, matrix: CalibrationMatrix) -> SIMD3<Double> {
        (matrix.inverse ?? .identity) * f + accelerometerOffset
    }

    /// The raw magnetometer reading for a true field `b`: raw = S⁻¹ b + h.
    static func rawMagnetometer(_ b: SIMD3<Double>) -> SIMD3<Double> {
        (softIron.inverse ?? .identity) * b + hardIron
    }
}

/// A still pose built from `samples` noisy readings of gravity along `direction`.
func syntheticPose(
    direction: SIMD3<Double>, matrix: CalibrationMatrix, samples: Int = 200, sigma: Double = 0.05,
    generator: inout SplitMix64
) -> StillPose {
    let n = (direction * direction).sum().squareRoot()
    let raw = Truth.rawAccelerometer(direction / n * Truth.gravity, matrix: matrix)
    var sum = SIMD3<Double>.zero
    for _ in 0..<samples { sum += raw + generator.noise(sigma) }
    return StillPose(accelerometer: sum / Double(samples), samples: samples, noise: SIMD3(repeating: sigma))
}

/// The six face directions +x, −x, +y, −y, +z, −z.
let faceDirections: [SIMD3<Double>] = [
    SIMD3(1, 0, 0), SIMD3(-1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, -1, 0), SIMD3(0, 0, 1), SIMD3(0, 0, -1),
]

/// Rotates `v` about the unit axis `axis` by `angle` radians (Rodrigues).
func rotate(_ v: SIMD3<Double>, about axis: SIMD3<Double>, by angle: Double) -> SIMD3<Double> {
    let k = axis / (axis * axis).sum().squareRoot()
    let crossKV = SIMD3(k.y * v.z - k.z * v.y, k.z * v.x - k.x * v.z, k.x * v.y - k.y * v.x)
    return v * cos(angle) + crossKV * sin(angle) + k * ((k * v).sum()) * (1 - cos(angle))
}

/// A 100 Hz recording of a device held still in each gravity direction of `directions` for `stillSeconds`, turned to
/// the next one in `moveSeconds`, with the reference accelerometer errors (`matrix`, `Truth.accelerometerOffset`),
/// gyroscope bias `Truth.gyroscopeBias` and white noise.
func syntheticRecording(
    directions: [SIMD3<Double>], matrix: CalibrationMatrix, stillSeconds: Double = 2, moveSeconds: Double = 1,
    accelerometerSigma: Double = 0.03, gyroscopeSigma: Double = 0.003, seed: UInt64
) -> [InertialSample] {
    var generator = SplitMix64(seed: seed)
    var samples: [InertialSample] = []
    var time = 0.0
    let rate = 100.0
    func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }
    func append(gravity: SIMD3<Double>, angularVelocity: SIMD3<Double>) {
        samples.append(
            InertialSample(
                time: time,
                accelerometer: Truth.rawAccelerometer(gravity * Truth.gravity, matrix: matrix)
                    + generator.noise(accelerometerSigma),
                gyroscope: angularVelocity + Truth.gyroscopeBias + generator.noise(gyroscopeSigma)))
        time += 1 / rate
    }
    for (index, direction) in directions.enumerated() {
        let d = unit(direction)
        for _ in 0..<Int(stillSeconds * rate) { append(gravity: d, angularVelocity: .zero) }
        guard index + 1 < directions.count else { break }
        let next = unit(directions[index + 1])
        var axis = SIMD3(d.y * next.z - d.z * next.y, d.z * next.x - d.x * next.z, d.x * next.y - d.y * next.x)
        if (axis * axis).sum() < 1e-12 {
            // Opposite directions: any axis perpendicular to d (d × x̂, or d × ŷ when d is near x̂).
            axis = abs(d.x) < 0.9 ? SIMD3(0, d.z, -d.y) : SIMD3(-d.z, 0, d.x)
        }
        axis = unit(axis)
        let angle = acos(max(-1, min(1, (d * next).sum())))
        let steps = Int(moveSeconds * rate)
        for step in 0..<steps {
            let gravity = rotate(d, about: axis, by: angle * Double(step) / Double(steps))
            // Gravity turns by +angle about `axis` in the device frame, so the device turns by −angle.
            append(gravity: gravity, angularVelocity: -axis * angle / moveSeconds)
        }
    }
    return samples
}
