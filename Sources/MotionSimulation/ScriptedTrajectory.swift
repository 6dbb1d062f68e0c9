import MotionMath

/// A trajectory scripted from attitude keyframes, rotation layers and a position path, with exact derivatives.
///
/// Attitude: q(t) = K(t) ⊗ L₁(t) ⊗ … ⊗ Lₙ(t), where
/// - K(t) interpolates the keyframes: between keyframes i and i+1 it turns about the fixed body axis of qᵢ⁻¹qᵢ₊₁
///   (the shortest way) along a quintic smoothstep, so it starts and stops with zero angular velocity and
///   acceleration; it holds the first keyframe before the first time and the last after the last time;
/// - each layer Lⱼ turns about a fixed device-frame axis by an angle profile (oscillations, constant spins).
///
/// The body rate follows exactly from the chain rule: ω = Σⱼ Sⱼ⁻¹(θⱼ′ aⱼ), where Sⱼ is the product of the factors to
/// the right of factor j. Position is three `Profile`s in ENU metres whose exact second derivatives give the linear
/// acceleration. With a `period`, the script repeats: time is taken modulo the period (make the script start and end
/// in the same state, at rest, for the repetition to be smooth).
public struct ScriptedTrajectory: Trajectory {
    /// One attitude keyframe.
    public struct Keyframe: Sendable, Hashable {
        /// Time in seconds.
        public var t: Double
        /// Device → ENU attitude at that time.
        public var attitude: Quaternion

        public init(t: Double, attitude: Quaternion) {
            self.t = t
            self.attitude = attitude.normalized
        }
    }

    /// A rotation about a fixed device-frame axis by a time-varying angle (radians).
    public struct Layer: Sendable {
        /// The unit axis in the frame of the factor to its left.
        public var axis: Vector3
        /// The angle in radians, with its exact derivative.
        public var angle: Profile

        public init(axis: Vector3, angle: Profile) {
            self.axis = axis.normalized
            self.angle = angle
        }
    }

    /// The standard gravity used by the built-in trajectories, m/s² (docs/formats.md: "+9.81 flat, screen up").
    public static let standardGravity = 9.81
    /// The Earth's magnetic field used by the built-in trajectories, µT in ENU: 20 µT north, 40 µT down (|B| ≈ 44.7 µT,
    /// inclination ≈ 63°, like central Europe).
    public static let earthMagneticField = Vector3(0, 20, -40)

    /// The attitude keyframes, sorted by time (at least one).
    public let keyframes: [Keyframe]
    /// Rotation layers applied in the device frame after the keyframe attitude.
    public let layers: [Layer]
    /// Position east, north, up, in metres.
    public let position: (east: Profile, north: Profile, up: Profile)
    /// Gravity magnitude, m/s².
    public let gravity: Double
    /// The magnetic field in ENU, µT.
    public let magneticField: Vector3
    /// When set, the script repeats with this period (seconds).
    public let period: Double?
    /// The true step times of the script (heel strikes of its gaits), s, increasing; within [0, `period`) when it
    /// repeats. `steps(from:to:)` repeats them with the script.
    public let stepTimes: [Double]

    /// Per-segment axis and angle of qᵢ⁻¹qᵢ₊₁.
    private let segments: [(axis: Vector3, angle: Double)]

    /// Creates a scripted trajectory. Precondition: at least one keyframe, times strictly increasing; period > 0.
    public init(
        keyframes: [Keyframe],
        layers: [Layer] = [],
        position: (east: Profile, north: Profile, up: Profile) = (.constant(0), .constant(0), .constant(0)),
        gravity: Double = ScriptedTrajectory.standardGravity,
        magneticField: Vector3 = ScriptedTrajectory.earthMagneticField,
        period: Double? = nil,
        stepTimes: [Double] = []
    ) {
        precondition(!keyframes.isEmpty, "a scripted trajectory needs at least one keyframe")
        precondition(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.t < $1.t }, "keyframe times must increase")
        precondition(period.map { $0 > 0 } ?? true, "the period must be positive")
        self.keyframes = keyframes
        self.layers = layers
        self.position = position
        self.gravity = gravity
        self.magneticField = magneticField
        self.period = period
        self.stepTimes = stepTimes
        self.segments = zip(keyframes, keyframes.dropFirst()).map { a, b in
            var delta = a.attitude.conjugate * b.attitude
            if delta.w < 0 { delta = -delta }
            let rotation = delta.rotationVector
            let angle = rotation.norm
            // Equal keyframes (a hold) differ by rounding only: hold exactly still.
            return angle > 1e-12 ? (rotation / angle, angle) : (Vector3(1, 0, 0), 0)
        }
    }

    public func truth(at time: Double) -> MotionTruth {
        var t = time
        if let period {
            t = time - period * (time / period).rounded(.down)
        }
        // 1–2. The chain of factors (keyframe base, keyframe turn, layers; each with its axis and angle rate), walked
        // from the right while accumulating the suffix product S: attitude and body rate. Without an array of
        // factors: this runs for every simulated sample (1600 per second in a 1 kHz stream).
        var suffix = Quaternion.identity
        var omega = Vector3.zero
        func multiply(_ rotation: Quaternion, axis: Vector3, rate: Double) {
            if rate != 0 {
                omega += suffix.inverseRotate(axis * rate)
            }
            suffix = rotation * suffix
        }
        for layer in layers.reversed() {
            // Outside its support a layer turns by 0 at rate 0: an identity factor, skipped (the walking and running
            // wobbles of the demo are off for most of its 80 s).
            if layer.angle.vanishes(at: t) { continue }
            let angle = layer.angle(t)
            multiply(Quaternion(axis: layer.axis, angle: angle.value), axis: layer.axis, rate: angle.rate)
        }
        let keyframe = keyframeFactors(at: t)
        if let turn = keyframe.turn {
            multiply(turn.rotation, axis: turn.axis, rate: turn.rate)
        }
        multiply(keyframe.base, axis: Vector3(1, 0, 0), rate: 0)
        let attitude = suffix.normalized
        // 3. Translation: exact second derivative of the position path.
        let east = position.east(t)
        let north = position.north(t)
        let up = position.up(t)
        let accelerationENU = Vector3(east.acceleration, north.acceleration, up.acceleration)
        // 4. Everything the sensors see, in the device frame.
        let gravityDevice = attitude.inverseRotate(Vector3(0, 0, gravity))
        let userAcceleration = attitude.inverseRotate(accelerationENU)
        return MotionTruth(
            t: time,
            attitude: attitude,
            angularVelocity: omega,
            specificForce: gravityDevice + userAcceleration,
            magneticField: attitude.inverseRotate(magneticField),
            gravity: gravityDevice,
            userAcceleration: userAcceleration,
            position: Vector3(east.value, north.value, up.value),
            velocity: Vector3(east.rate, north.rate, up.rate))
    }

    public func steps(from start: Double, to end: Double) -> [Double] {
        guard end > start else { return [] }
        guard let period else { return stepTimes.filter { $0 >= start && $0 < end } }
        var result: [Double] = []
        var cycle = (start / period).rounded(.down)
        while cycle * period < end {
            let offset = cycle * period
            for time in stepTimes where time + offset >= start && time + offset < end { result.append(time + offset) }
            cycle += 1
        }
        return result
    }

    /// The keyframe part K(t) as factors: the segment's start attitude (constant) and the turn about its axis (none
    /// before the first keyframe and after the last).
    private func keyframeFactors(at t: Double) -> (
        base: Quaternion, turn: (rotation: Quaternion, axis: Vector3, rate: Double)?
    ) {
        guard t > keyframes[0].t else { return (keyframes[0].attitude, nil) }
        guard t < keyframes[keyframes.count - 1].t else { return (keyframes[keyframes.count - 1].attitude, nil) }
        // Binary search for the segment [tᵢ, tᵢ₊₁) holding t.
        var low = 0
        var high = keyframes.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if keyframes[middle].t <= t { low = middle } else { high = middle }
        }
        let start = keyframes[low]
        let duration = keyframes[low + 1].t - start.t
        let segment = segments[low]
        let s = Profile.smoothstep((t - start.t) / duration)
        return (
            start.attitude,
            (Quaternion(axis: segment.axis, angle: segment.angle * s.value), segment.axis,
             segment.angle * s.rate / duration)
        )
    }
}
