import FoundationEssentials
import SystemSupport

/// A clock of this machine, matching a kernel `current_timestamp_clock` so that devices with and without a
/// timestamp channel share one time base.
enum HostClock: Sendable, Equatable {
    /// `CLOCK_MONOTONIC` (`MonotonicClock`).
    case monotonic
    /// `CLOCK_REALTIME` (`Date`), the kernel's default timestamp clock.
    case realtime

    /// The clock's reading, s.
    func now() -> Double {
        switch self {
        case .monotonic: MonotonicClock.now()
        case .realtime: Date().timeIntervalSince1970
        }
    }
}
