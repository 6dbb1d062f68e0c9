import Foundation

/// The physical truth a simulated IMU measures at one instant, in the device frame (DESIGN.md conventions).
public struct MotionTruth: Sendable, Hashable {
    /// Specific force in m/s² (flat, screen up: (0, 0, +9.81)).
    public var specificForce: SIMD3<Double>
    /// Angular velocity in rad/s.
    public var angularVelocity: SIMD3<Double>
    /// Magnetic field in µT.
    public var magneticField: SIMD3<Double>
    /// Die temperature in °C.
    public var temperature: Double

    /// Creates a truth sample; temperature defaults to 25 °C.
    public init(
        specificForce: SIMD3<Double>, angularVelocity: SIMD3<Double>, magneticField: SIMD3<Double>,
        temperature: Double = 25
    ) {
        self.specificForce = specificForce
        self.angularVelocity = angularVelocity
        self.magneticField = magneticField
        self.temperature = temperature
    }
}

/// Where the server's samples come from: the physical truth at trajectory time `time` (seconds from the server's
/// start). Must be deterministic, since split devices and raw reads sample it independently.
public protocol MotionSource: Sendable {
    /// The truth at `time` seconds.
    func truth(at time: Double) -> MotionTruth
}

/// A `MotionSource` from a closure (handy in tests).
public struct ClosureMotionSource: MotionSource {
    private let body: @Sendable (Double) -> MotionTruth

    /// Wraps `body`.
    public init(_ body: @escaping @Sendable (Double) -> MotionTruth) { self.body = body }

    /// Calls the closure.
    public func truth(at time: Double) -> MotionTruth { body(time) }
}

/// A physically consistent analytic motion: the device lies flat, screen up, and yaws back and forth about the
/// vertical with ω_z(t) = A·sin(2πft); the Earth field (ENU (0, 20, −40) µT) turns with it in the device frame.
public struct YawingMotionSource: MotionSource {
    /// Peak yaw rate in rad/s (default 1).
    public var amplitude: Double
    /// Oscillation frequency in Hz (default 0.25).
    public var frequency: Double
    /// Standard gravity used for the specific force, m/s².
    public static let gravity = 9.80665
    /// The Earth field in the reference frame (east, north, up), µT.
    public static let earthField = SIMD3<Double>(0, 20, -40)

    /// Creates the motion.
    public init(amplitude: Double = 1, frequency: Double = 0.25) {
        self.amplitude = amplitude
        self.frequency = frequency
    }

    /// Heading angle ψ(t) = ∫ω_z = A/(2πf)·(1 − cos 2πft), rad.
    public func yaw(at time: Double) -> Double {
        let w = 2 * Double.pi * frequency
        return amplitude / w * (1 - cos(w * time))
    }

    /// The truth at `time`.
    public func truth(at time: Double) -> MotionTruth {
        let w = 2 * Double.pi * frequency
        let psi = yaw(at: time)
        // Device-frame field = R_z(ψ)ᵀ · field_ENU.
        let field = Self.earthField
        let deviceField = SIMD3(
            cos(psi) * field.x + sin(psi) * field.y,
            -sin(psi) * field.x + cos(psi) * field.y,
            field.z
        )
        return MotionTruth(
            specificForce: SIMD3(0, 0, Self.gravity),
            angularVelocity: SIMD3(0, 0, amplitude * sin(w * time)),
            magneticField: deviceField
        )
    }
}
