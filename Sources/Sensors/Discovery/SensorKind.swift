/// The sensors discovery looks for: the three motion sensors and pulse (PPG) sensors.
public enum SensorKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Specific force, reported in m/s² (IIO channel type `accel`).
    case accelerometer
    /// Angular velocity, reported in rad/s (IIO channel type `anglvel`).
    case gyroscope
    /// Magnetic field, reported in µT (IIO channel type `magn`, which the kernel scales to Gauss).
    case magnetometer
    /// A pulse sensor (photoplethysmogram): the light intensities its photodiode measures with each LED, in ADC
    /// counts (IIO channel type `intensity` of the health drivers max30100, max30102/max30105, afe4403/afe4404; see
    /// ``PPGLight``).
    case ppg

    /// The motion sensors: accelerometer, gyroscope, magnetometer.
    public static let motion: [SensorKind] = [.accelerometer, .gyroscope, .magnetometer]

    /// The IIO channel type prefix: `accel`, `anglvel`, `magn`, `intensity`.
    public var channelType: String {
        switch self {
        case .accelerometer: "accel"
        case .gyroscope: "anglvel"
        case .magnetometer: "magn"
        case .ppg: "intensity"
        }
    }

    /// Factor from the kernel's unit after `scale` (m/s², rad/s, Gauss, counts) to BodyReadings' unit
    /// (m/s², rad/s, µT, counts): 1, 1, 100 (1 G = 100 µT) and 1.
    public var unitFactor: Double {
        switch self {
        case .accelerometer, .gyroscope, .ppg: 1
        case .magnetometer: 100
        }
    }

    /// The unit of converted values: `m/s²`, `rad/s`, `µT`, `counts`.
    public var unit: String {
        switch self {
        case .accelerometer: "m/s²"
        case .gyroscope: "rad/s"
        case .magnetometer: "µT"
        case .ppg: "counts"
        }
    }
}
