import Dispatch
import FoundationEssentials
import SystemSupport

/// Notices an unplugged local IIO device while a capture thread sleeps in a refill, and wakes it.
///
/// On Linux 6.1 a blocking libiio refill on a device that gets unregistered does not fail at once: it returns at its
/// timeout (1 s or more; in the VM tier `stream` exited 69 only 1.4 s after the hub went), too late for "vanished →
/// exit 69 within a second". The watch checks every `interval` that the device's sysfs directory still exists and,
/// the first time it does not, calls `onVanish` (which cancels the refill), without shortening the refill timeout (a
/// refill that times out discards the samples it had).
final class VanishWatch: @unchecked Sendable {
    // @unchecked: `fired` and `timer` are guarded by `lock`; the closures are immutable.
    private let exists: @Sendable () -> Bool
    private let onVanish: @Sendable () -> Void
    private let lock = ThreadLock()
    private var fired = false
    private var timer: (any DispatchSourceTimer)?

    /// A watch that calls `onVanish` once `exists` answers false.
    init(exists: @escaping @Sendable () -> Bool, onVanish: @escaping @Sendable () -> Void) {
        self.exists = exists
        self.onVanish = onVanish
    }

    /// A watch over the local device `deviceID` (`iio:device0`): it exists while
    /// `/sys/bus/iio/devices/<deviceID>` does.
    convenience init(localDevice deviceID: String, onVanish: @escaping @Sendable () -> Void) {
        let path = "/sys/bus/iio/devices/" + deviceID
        self.init(exists: { FileManager.default.fileExists(atPath: path) }, onVanish: onVanish)
    }

    /// True once the device was found gone.
    var hasFired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fired
    }

    /// Checks once; calls `onVanish` (only the first time) when the device is gone. Returns `hasFired`.
    @discardableResult
    func check() -> Bool {
        lock.lock()
        if fired {
            lock.unlock()
            return true
        }
        let gone = !exists()
        if gone { fired = true }
        lock.unlock()
        if gone { onVanish() }
        return gone
    }

    /// Checks every `interval` seconds (default 0.05: one `stat` per device) on a background queue until `stop()`.
    func start(interval: Double = 0.05) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
        timer.setEventHandler { [weak self] in self?.check() }
        lock.lock()
        self.timer = timer
        lock.unlock()
        timer.resume()
    }

    /// Stops checking. Idempotent.
    func stop() {
        lock.lock()
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        timer?.cancel()
    }

    deinit { timer?.cancel() }
}
