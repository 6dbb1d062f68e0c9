import Pedometry

extension Step: Timestamped {
    public var timestamp: Double { time }
}
