import MotionMath

/// A uniformly random device attitude (a normalised 4-D Gaussian quaternion, device → world).
public enum RandomRotation {
    /// The next random attitude from `random` (four normal deviates).
    public static func make(_ random: inout SeededGenerator) -> Quaternion {
        Quaternion(
            w: random.nextGaussian(), x: random.nextGaussian(), y: random.nextGaussian(), z: random.nextGaussian()
        ).normalized
    }
}
