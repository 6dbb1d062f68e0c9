extension SensorReading.Kind {
    /// The kind of reading a discovered sensor gives.
    init(_ kind: SensorKind) {
        switch kind {
        case .accelerometer: self = .accelerometer
        case .gyroscope: self = .gyroscope
        case .magnetometer: self = .magnetometer
        case .ppg: self = .ppg
        }
    }
}
