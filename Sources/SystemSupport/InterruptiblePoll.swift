#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits until a file descriptor is ready, a timeout passes, or another thread calls ``wake()``: `poll(2)` on the
/// descriptor and the read end of a self-pipe.
///
/// For a thread that serves one socket, or many, and also work handed to it by other threads (MQTT's network thread:
/// the broker's socket, and messages to publish; the HTTP server's loop: its connections, and events to stream).
/// `poll` has no descriptor limit, unlike the `select` inside `mosquitto_loop` (`FD_SETSIZE`, 1024), which a service
/// with many clients open can pass.
///
/// Thread-safe: ``wake()`` from any thread; the waits from the one serving thread.
package final class InterruptiblePoll: Sendable {
    /// What the descriptor is ready for.
    package struct Readiness: OptionSet, Sendable {
        package let rawValue: Int16
        package init(rawValue: Int16) { self.rawValue = rawValue }

        /// Data (or end of file) to read.
        package static let readable = Readiness(rawValue: Int16(POLLIN))
        /// Room to write.
        package static let writable = Readiness(rawValue: Int16(POLLOUT))
        /// The peer closed the connection.
        package static let hangUp = Readiness(rawValue: Int16(POLLHUP))
        /// An error is pending on the descriptor (read it with `SO_ERROR`).
        package static let error = Readiness(rawValue: Int16(POLLERR))
    }

    private let readEnd: Int32
    private let writeEnd: Int32

    /// Creates the self-pipe (both ends non-blocking and close-on-exec).
    package init() throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        _ = try SystemCall.valueOrErrno("pipe") { pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        try? SystemCall.close(readEnd)
        try? SystemCall.close(writeEnd)
    }

    /// Makes the current or next ``wait(for:writable:timeout:)`` return at once. A full pipe (EAGAIN) already
    /// holds a wake-up; nothing is lost.
    package func wake() {
        var byte: UInt8 = 1
        _ = SystemCall.retryingInterrupts { write(writeEnd, &byte, 1) }
    }

    /// Waits up to `timeout` seconds (negative: without limit) for `descriptor` to be readable (or writable, when
    /// `writable`), or for ``wake()``. Returns the descriptor's readiness (empty without one or on timeout) and
    /// whether a wake-up came; pending wake-ups are consumed. A signal restarts the wait with the time left.
    package func wait(for descriptor: Int32?, writable: Bool, timeout: Double) -> (ready: Readiness, woken: Bool) {
        var descriptors: [pollfd] = []
        if let descriptor {
            descriptors.append(
                pollfd(fd: descriptor, events: Int16(POLLIN) | (writable ? Int16(POLLOUT) : 0), revents: 0))
        }
        let woken = wait(on: &descriptors, timeout: timeout)
        return (descriptors.first.map { Readiness(rawValue: $0.revents) } ?? [], woken)
    }

    /// Waits up to `timeout` seconds (negative: without limit) until one of `descriptors` is ready for its
    /// `events` or ``wake()`` is called: a server's many connections. Sets each entry's `revents` (see
    /// ``Readiness``) and returns whether a wake-up came (consumed). `descriptors` keeps its capacity, so a loop
    /// that reuses the array does not allocate. A signal restarts the wait with the time left.
    package func wait(on descriptors: inout [pollfd], timeout: Double) -> Bool {
        descriptors.append(pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0))
        let deadline = timeout < 0 ? nil : ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up)))
        // A signal restarts the call, which recomputes the time left.
        _ = SystemCall.retryingInterrupts { () -> Int32 in
            var milliseconds: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline).components
                let total = Double(left.seconds) * 1000 + Double(left.attoseconds) / 1e15
                milliseconds = Int32(max(0, min(total.rounded(.up), Double(Int32.max))))
            }
            return poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        }
        let woken = descriptors.removeLast().revents != 0
        if woken { drain() }
        return woken
    }

    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = SystemCall.retryingInterrupts { read(readEnd, &bytes, bytes.count) }
            if count < bytes.count { return }
        }
    }
}
