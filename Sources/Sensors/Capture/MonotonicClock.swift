import Dispatch

/// The system's monotonic clock (`CLOCK_MONOTONIC` on Linux, via Dispatch), in seconds: timestamps for devices
/// without a timestamp channel, polling schedules and real-time pacing.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (boot), never going back.
    public static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
