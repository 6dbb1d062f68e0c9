import Barometry

extension AltitudeReading: Timestamped {
    public var timestamp: Double { time }
}

extension AltitudeUpdate: Timestamped {
    public var timestamp: Double { reading.time }
}
