import Sensors

extension SensorReading: Timestamped {
    public var timestamp: Double { t }
}
