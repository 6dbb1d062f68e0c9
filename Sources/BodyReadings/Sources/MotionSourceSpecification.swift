import Sensors

/// Which source to read: the IIO sensors of a libiio context, the built-in simulated IMU, or a recording; the
/// simulated and recorded ones paced in real time or as fast as the consumer reads.
public enum MotionSourceSpecification: Sendable, Equatable {
    /// The IIO sensors of a libiio context (nil: `local:`).
    case iio(uri: String?)
    /// The built-in simulated IMU on the demo trajectory, deterministic for a seed.
    case simulated(seed: UInt64, pacing: Pacing)
    /// A recording in the recording format.
    case replay(path: String, pacing: Pacing)
    /// A running `bodyreadings serve`, through its socket (nil: the user's, else the system service's).
    case service(path: String?)

    /// How a simulated or recorded source delivers its samples.
    public enum Pacing: Sendable, Equatable {
        /// At the pace of the sample timestamps (a live stream).
        case realTime
        /// As fast as they are read.
        case fast
    }

    /// Opens the source: discovery for `iio`, the recording's header for `replay:`, the connection for `service`.
    public func makeSource() throws(CaptureError) -> any MotionSource {
        switch self {
        case .iio(let uri):
            return try IIOMotionSource.open(uri: uri)
        case .simulated(let seed, let pacing):
            return SimulatedMotionSource(seed: seed, pacing: pacing)
        case .replay(let path, let pacing):
            return try ReplayMotionSource(path: path, pacing: pacing)
        case .service(let path):
            return try ServiceMotionSource(path: path)
        }
    }
}
