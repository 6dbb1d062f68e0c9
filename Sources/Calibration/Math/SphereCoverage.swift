import MotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the sphere of directions a set of vectors covers: the fraction of equal-area bins hit.
///
/// The grid cuts the sphere into `bands` zones of equal height in z — by Archimedes' hat-box theorem, equal height
/// means equal area — and each zone into `sectors` equal longitude sectors, so every bin has area 4π / (bands·sectors).
/// The default 6 × 12 = 72 bins are 10.5° × 30°-ish cells: a hemisphere covers 0.5, a full figure-of-eight rotation
/// close to 1. Used for magnetometer coverage and for live coverage feedback.
public struct SphereCoverage: Sendable, Equatable {
    /// Number of equal-height zones in z (default 6).
    public let bands: Int
    /// Number of longitude sectors per zone (default 12).
    public let sectors: Int
    private var hits: [Bool]

    /// Creates an empty grid. `bands` and `sectors` are clamped to at least 1.
    public init(bands: Int = 6, sectors: Int = 12) {
        self.bands = max(1, bands)
        self.sectors = max(1, sectors)
        hits = [Bool](repeating: false, count: self.bands * self.sectors)
    }

    /// Marks the bin of `direction` (any length > 0; zero or non-finite vectors are ignored).
    public mutating func add(_ direction: Vector3) {
        let norm = direction.norm
        guard norm > 0, norm.isFinite else { return }
        let u = direction / norm
        let band = min(bands - 1, max(0, Int(((u.z + 1) / 2 * Double(bands)).rounded(.down))))
        var longitude = atan2(u.y, u.x) / (2 * Double.pi)
        if longitude < 0 { longitude += 1 }
        let sector = min(sectors - 1, max(0, Int((longitude * Double(sectors)).rounded(.down))))
        hits[band * sectors + sector] = true
    }

    /// Number of bins.
    public var binCount: Int { hits.count }

    /// Number of bins hit at least once.
    public var hitCount: Int { hits.lazy.filter { $0 }.count }

    /// The fraction of bins hit, 0...1.
    public var fraction: Double { Double(hitCount) / Double(hits.count) }
}
