import MotionMath

/// A small artificial horizon and heading arrow in text: what an aircraft's attitude indicator shows, drawn with
/// `░` for the ground below the horizon line and `·` for the sky, the device's centre marked `+`.
///
/// Roll tilts the horizon (positive roll, the device's right side down: the horizon's right end rises, as a pilot
/// sees it), pitch moves it (nose up: the horizon goes down, to the bottom edge at `pitchRange`). Cells are taken
/// as twice as tall as wide, as on terminals.
enum AttitudeIndicator {
    /// Arrows for the yaw angle, counter-clockwise from the reference x axis drawn up: 0° `↑`, 90° `←`.
    static let arrows: [Character] = ["↑", "↖", "←", "↙", "↓", "↘", "→", "↗"]

    /// Degrees of pitch that move the horizon from the centre to the top or bottom edge.
    static let pitchRange = 45.0

    /// `height` rows of `width` columns of the horizon for `roll` and `pitch` (radians).
    static func horizon(roll: Double, pitch: Double, width: Int, height: Int) -> [String] {
        guard width > 0, height > 0 else { return [] }
        let centreColumn = Double(width - 1) / 2
        let centreRow = Double(height - 1) / 2
        // In square units: a column is one unit wide, a row two units tall, so half the height is `height` units.
        let offset = -pitch * 180 / Double.pi / pitchRange * Double(height)
        // Clamped short of ±90°, where the horizon would be vertical and its tangent infinite.
        let slope = Elementary.tan(max(-1.5, min(1.5, roll)))
        return (0..<height).map { row in
            String(
                (0..<width).map { column -> Character in
                    let x = Double(column) - centreColumn
                    let y = (centreRow - Double(row)) * 2
                    if column == Int(centreColumn.rounded()), row == Int(centreRow.rounded()) { return "+" }
                    return y < slope * x + offset ? "░" : "·"
                })
        }
    }

    /// The arrow for `yaw` (radians).
    static func arrow(yaw: Double) -> Character {
        let turns = yaw / (2 * Double.pi)
        let eighths = Int((turns * 8).rounded()) % 8
        return arrows[(eighths + 8) % 8]
    }
}
