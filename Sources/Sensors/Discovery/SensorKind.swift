/// The three motion sensors discovery looks for.
public enum SensorKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Specific force, reported in m/s² (IIO channel type `accel`).
    case accelerometer
    /// Angular velocity, reported in rad/s (IIO channel type `anglvel`).
    case gyroscope
    /// Magnetic field, reported in µT (IIO channel type `magn`, which the kernel scales to Gauss).
    case magnetometer

    /// The IIO channel type prefix: `accel`, `anglvel`, `magn`.
    public var channelType: String {
        switch self {
        case .accelerometer: "accel"
        case .gyroscope: "anglvel"
        case .magnetometer: "magn"
        }
    }

    /// Factor from the kernel's unit after `scale` (m/s², rad/s, Gauss) to BodyReadings' SI unit
    /// (m/s², rad/s, µT): 1, 1 and 100 (1 G = 100 µT).
    public var unitFactor: Double {
        switch self {
        case .accelerometer, .gyroscope: 1
        case .magnetometer: 100
        }
    }

    /// The unit of converted values: `m/s²`, `rad/s`, `µT`.
    public var unit: String {
        switch self {
        case .accelerometer: "m/s²"
        case .gyroscope: "rad/s"
        case .magnetometer: "µT"
        }
    }
}
