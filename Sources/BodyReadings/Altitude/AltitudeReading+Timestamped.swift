import Barometry

extension AltitudeReading: Timestamped {
    public var timestamp: Double { time }
}
