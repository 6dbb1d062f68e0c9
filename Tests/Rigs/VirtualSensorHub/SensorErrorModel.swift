import Foundation
import MotionMath
import MotionSimulation

/// Turns ground truth into sensor readings at any instant (the hub reports at whatever interval the driver asks,
/// so MotionSimulation's fixed-rate `SimulatedIMU` does not fit): adds a constant gyroscope bias and accelerometer
/// offset (what calibration must recover) and seeded white noise. Deterministic for a seed and call sequence.
public struct SensorErrorModel: Sendable {
    /// Error model; defaults are a quiet consumer IMU.
    public struct Settings: Equatable, Sendable {
        /// Added to every gyroscope reading, rad/s. Default zero.
        public var gyroBias: Vector3 = .zero
        /// Added to every accelerometer reading, m/s². Default zero.
        public var accelOffset: Vector3 = .zero
        /// Standard deviation of accelerometer noise per axis, m/s². Default 0.02.
        public var accelNoise = 0.02
        /// Standard deviation of gyroscope noise per axis, rad/s. Default 0.002.
        public var gyroNoise = 0.002
        /// Standard deviation of magnetometer noise per axis, µT. Default 0.3.
        public var magnNoise = 0.3
        /// Seed of the noise generator. Default 1.
        public var seed: UInt64 = 1

        public init() {}
    }

    /// One reading of all three sensors, device frame, SI units.
    public struct Reading: Equatable, Sendable {
        public var accel: Vector3
        public var anglvel: Vector3
        public var magn: Vector3

        public init(accel: Vector3, anglvel: Vector3, magn: Vector3) {
            self.accel = accel
            self.anglvel = anglvel
            self.magn = magn
        }
    }

    public let settings: Settings
    private var random: SplitMix64

    public init(settings: Settings) {
        self.settings = settings
        self.random = SplitMix64(seed: settings.seed)
    }

    /// The noiseless reading: truth plus bias and offset. What a long average of ``read(_:)`` converges to.
    public func expected(_ truth: MotionTruth) -> Reading {
        Reading(
            accel: truth.specificForce + settings.accelOffset,
            anglvel: truth.angularVelocity + settings.gyroBias,
            magn: truth.magneticField
        )
    }

    /// One noisy reading of `truth`.
    public mutating func read(_ truth: MotionTruth) -> Reading {
        let mean = expected(truth)
        return Reading(
            accel: mean.accel + settings.accelNoise * gaussianVector(),
            anglvel: mean.anglvel + settings.gyroNoise * gaussianVector(),
            magn: mean.magn + settings.magnNoise * gaussianVector()
        )
    }

    private mutating func gaussianVector() -> Vector3 {
        Vector3(random.gaussian(), random.gaussian(), random.gaussian())
    }
}
