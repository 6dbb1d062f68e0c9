import IIO

/// What a failed buffer refill means for a capture: the decision, apart from the acting on it, so that every
/// errno's meaning is tested without a device.
enum RefillFailure: Equatable {
    /// The capture was cancelled: the refill was woken on purpose (`Buffer.cancel()`). End quietly.
    case cancelled
    /// The local device's sysfs directory went away (`VanishWatch` woke the refill): the device was unplugged.
    case removed
    /// Nothing arrived in time (`ETIMEDOUT`, `EAGAIN`): a stall that lost the block (a refill that times out
    /// discards it). Count it, make sure the device still answers, go on.
    case stalled
    /// The device or the connection to it is gone (`ENODEV`, `ENOENT`, `ENXIO`, `EIO`, and the network's
    /// `ECONNRESET`, `EPIPE`, `ECONNREFUSED`, `EHOSTUNREACH`).
    case vanished
    /// Anything else: report the error as it is.
    case failed

    /// Classifies a refill that failed with `errno`; `cancelled` and `removed` (the vanish watch fired) take
    /// precedence over what the error says, since a woken refill fails with whatever the backend answers then.
    init(_ errno: IIOErrno, cancelled: Bool, removed: Bool) {
        if cancelled {
            self = .cancelled
        } else if removed {
            self = .removed
        } else {
            switch errno {
            case .timedOut, .resourceTemporarilyUnavailable:
                self = .stalled
            case .noSuchDevice, .noSuchFileOrDirectory, .connectionReset, .brokenPipe, .connectionRefused,
                .hostUnreachable, .noSuchDeviceOrAddress, .ioError:
                self = .vanished
            default:
                self = .failed
            }
        }
    }
}
