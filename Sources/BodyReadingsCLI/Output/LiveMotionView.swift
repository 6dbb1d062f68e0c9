import Fusion
import MotionMath
import ReadingFormats
import TextFormats

/// The human view of `stream` on a terminal: one line, redrawn in place at most every `refresh` seconds, with
/// attitude as Euler angles, gravity, user acceleration and rotation rate.
///
///     t 12.30 s  roll  -3.2°  pitch  41.0°  yaw  87.5°  gravity (0.00, 7.40, 6.44)  user 0.12 m/s²  rotation 0.05 rad/s
struct LiveMotionView {
    /// Seconds between redraws (the update interval, but no faster than 20 per second).
    let refresh: Double
    /// Divide accelerations by this (1 for m/s², 9.80665 for g).
    let accelerationDivisor: Double
    private var lastDrawn: Double?
    private var origin: Double?

    init(interval: Double, units: MotionOutputUnits) {
        refresh = max(interval, 0.05)
        accelerationDivisor = units == .g ? 9.80665 : 1
    }

    /// The line for `estimate` when it is time to redraw, else nil.
    mutating func line(for estimate: MotionEstimate) -> String? {
        if let lastDrawn, estimate.t < lastDrawn + refresh - 1e-9 { return nil }
        lastDrawn = estimate.t
        let start = origin ?? estimate.t
        origin = start
        let degree = 180 / Double.pi
        let unit = accelerationDivisor == 1 ? "m/s²" : "g"
        let g = estimate.gravity / accelerationDivisor
        var text = "\r\u{1B}[K"
        text += "t " + Self.fixed(estimate.t - start, 2, width: 7) + " s"
        text += "  roll " + Self.fixed(estimate.attitude.roll * degree, 1, width: 6) + "°"
        text += "  pitch " + Self.fixed(estimate.attitude.pitch * degree, 1, width: 6) + "°"
        text += "  yaw " + Self.fixed(estimate.attitude.yaw * degree, 1, width: 6) + "°"
        text += "  gravity (" + [g.x, g.y, g.z].map { Self.fixed($0, 2, width: 5) }.joined(separator: ",") + ") \(unit)"
        text += "  user " + Self.fixed(estimate.userAcceleration.norm / accelerationDivisor, 2, width: 5) + " \(unit)"
        text += "  rotation " + Self.fixed(estimate.rotationRate.norm, 2, width: 5) + " rad/s"
        return text
    }

    private static func fixed(_ value: Double, _ digits: Int, width: Int) -> String {
        FixedDecimal.string(value, digits: digits, width: width)
    }
}
