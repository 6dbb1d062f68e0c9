/// How a device capture obtains sample times (chosen per device by `IIOMotionSource` so that all its devices share
/// one time base).
enum CaptureTimestamps: Sendable, Equatable {
    /// The device's timestamp channel (ns, the kernel's `current_timestamp_clock`).
    case kernel
    /// A host clock read when a batch arrives, spread back over the batch by the sampling period.
    case arrival(HostClock)

    /// The host clock that times samples without a kernel timestamp: the one named, else the monotonic clock
    /// (a kernel-timed device whose timestamp channel cannot be read after all).
    var hostClock: HostClock {
        if case .arrival(let clock) = self { return clock }
        return .monotonic
    }
}
