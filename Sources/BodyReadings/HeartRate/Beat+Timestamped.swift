import Pulse

extension Beat: Timestamped {
    public var timestamp: Double { time }
}
