import Foundation
import MotionMath
@testable import Calibration

/// Reference sensor errors for the synthetic tests.
enum Truth {
    static let gravity = 9.80665

    /// Accelerometer correction matrix with scale errors and misalignment (not symmetric), for the six-position
    /// method that recovers the full matrix.
    static let accelerometerMatrix = Matrix3(rows: Vector3(1.030, 0.012, -0.008), Vector3(-0.006, 0.970, 0.015), Vector3(0.010, -0.004, 1.012))
    /// Symmetric accelerometer correction matrix (an ellipsoid fit recovers the symmetric part only).
    static let symmetricAccelerometerMatrix = Matrix3(rows: Vector3(1.030, 0.012, -0.008), Vector3(0.012, 0.970, 0.015), Vector3(-0.008, 0.015, 1.012))
    static let accelerometerOffset = Vector3(0.15, -0.1, 0.2)

    static let gyroscopeBias = Vector3(0.02, -0.015, 0.01)

    static let hardIron = Vector3(25.0, -12.0, 40.0)
    static let fieldStrength = 48.0
    /// Symmetric soft-iron correction with determinant 1.
    static var softIron: Matrix3 {
        let raw = Matrix3(rows: Vector3(1.10, 0.05, -0.03), Vector3(0.05, 0.93, 0.04), Vector3(-0.03, 0.04, 1.00))
        return raw * (1 / cbrt(raw.determinant))
    }

    /// The raw accelerometer reading for a true specific force `f`: raw = M⁻¹ f + offset.
    static func rawAccelerometer(_ f: Vector3, matrix: Matrix3) -> Vector3 {
        (matrix.inverse ?? .identity) * f + accelerometerOffset
    }

    /// The raw magnetometer reading for a true field `b`: raw = S⁻¹ b + h.
    static func rawMagnetometer(_ b: Vector3) -> Vector3 {
        (softIron.inverse ?? .identity) * b + hardIron
    }
}

/// A still pose built from `samples` noisy readings of gravity along `direction`.
func syntheticPose(
    direction: Vector3, matrix: Matrix3, samples: Int = 200, sigma: Double = 0.05,
    generator: inout SplitMix64
) -> StillPose {
    let n = direction.norm
    let raw = Truth.rawAccelerometer(direction / n * Truth.gravity, matrix: matrix)
    var sum = Vector3.zero
    for _ in 0..<samples { sum += raw + generator.noise(sigma) }
    return StillPose(accelerometer: sum / Double(samples), samples: samples, noise: Vector3(repeating: sigma))
}

/// The six face directions +x, −x, +y, −y, +z, −z.
let faceDirections: [Vector3] = [
    Vector3(1, 0, 0), Vector3(-1, 0, 0), Vector3(0, 1, 0), Vector3(0, -1, 0), Vector3(0, 0, 1), Vector3(0, 0, -1),
]

/// Rotates `v` about the unit axis `axis` by `angle` radians (Rodrigues).
func rotate(_ v: Vector3, about axis: Vector3, by angle: Double) -> Vector3 {
    let k = axis / axis.norm
    let crossKV = Vector3(k.y * v.z - k.z * v.y, k.z * v.x - k.x * v.z, k.x * v.y - k.y * v.x)
    return v * cos(angle) + crossKV * sin(angle) + k * (k.dot(v)) * (1 - cos(angle))
}

/// A 100 Hz recording of a device held still in each gravity direction of `directions` for `stillSeconds`, turned to
/// the next one in `moveSeconds`, with the reference accelerometer errors (`matrix`, `Truth.accelerometerOffset`),
/// gyroscope bias `Truth.gyroscopeBias` and white noise.
func syntheticRecording(
    directions: [Vector3], matrix: Matrix3, stillSeconds: Double = 2, moveSeconds: Double = 1,
    accelerometerSigma: Double = 0.03, gyroscopeSigma: Double = 0.003, seed: UInt64
) -> [IMUSample] {
    var generator = SplitMix64(seed: seed)
    var samples: [IMUSample] = []
    var time = 0.0
    let rate = 100.0
    func unit(_ v: Vector3) -> Vector3 { v / v.norm }
    func append(gravity: Vector3, angularVelocity: Vector3) {
        samples.append(
            IMUSample(
                t: time,
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
        var axis = Vector3(d.y * next.z - d.z * next.y, d.z * next.x - d.x * next.z, d.x * next.y - d.y * next.x)
        if axis.dot(axis) < 1e-12 {
            // Opposite directions: any axis perpendicular to d (d × x̂, or d × ŷ when d is near x̂).
            axis = abs(d.x) < 0.9 ? Vector3(0, d.z, -d.y) : Vector3(-d.z, 0, d.x)
        }
        axis = unit(axis)
        let angle = acos(max(-1, min(1, d.dot(next))))
        let steps = Int(moveSeconds * rate)
        for step in 0..<steps {
            let gravity = rotate(d, about: axis, by: angle * Double(step) / Double(steps))
            // Gravity turns by +angle about `axis` in the device frame, so the device turns by −angle.
            append(gravity: gravity, angularVelocity: -axis * angle / moveSeconds)
        }
    }
    return samples
}
