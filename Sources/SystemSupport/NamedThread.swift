#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached POSIX thread that runs one closure: what the capture and delivery loops used Foundation's `Thread`
/// for, without linking Foundation.
///
/// ```swift
/// let thread = NamedThread.start(name: "br capture") { loop() }
/// if thread.isCurrent { … }        // true only inside `loop()`
/// ```
///
/// The thread holds its closure until it returns, then releases it; the handle need not be kept, and does not keep
/// the closure, so that a closure that keeps its own thread's handle (to ask `isCurrent`) forms no cycle that
/// outlives the thread (LeakSanitizer found one through `MotionCapture`, and one in this type's test). Thread-safe.
package final class NamedThread: Sendable {
    /// The running thread's id, set on the thread before its closure runs and cleared after it returns, so that a
    /// finished thread's recycled id never matches another thread.
    private let running = ThreadLockedValue<pthread_t?>(nil)

    private init() {}

    /// Starts a thread running `body`. `name` shows in `ps -L`/`top -H`, cut to the kernel's 15 bytes.
    ///
    /// Traps only when the system cannot create a thread at all (EAGAIN: out of memory or the process's thread
    /// limit), as Foundation's `Thread.start()` does.
    @discardableResult
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> NamedThread {
        let thread = NamedThread()
        let context = Unmanaged.passRetained(ThreadStart(thread: thread, name: name, body: body)).toOpaque()
        #if canImport(Glibc)
        var handle = pthread_t()
        #else
        var handle: pthread_t?
        #endif
        let status = pthread_create(&handle, nil, { context in
            guard let context else { return nil }
            let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
            start.run()
            return nil
        }, context)
        guard status == 0 else {
            fatalError("pthread_create failed: \(String(cString: strerror(status)))")
        }
        #if canImport(Glibc)
        pthread_detach(handle)
        #else
        if let handle { pthread_detach(handle) }
        #endif
        return thread
    }

    /// Whether the caller runs on this thread (while its closure runs).
    package var isCurrent: Bool {
        guard let id = running.value else { return false }
        return pthread_equal(id, pthread_self()) != 0
    }

    fileprivate func run(_ body: () -> Void) {
        running.value = pthread_self()
        body()
        running.value = nil
    }
}

/// What the new thread receives through `pthread_create`'s context pointer, released (with the closure) when the
/// closure returned.
private final class ThreadStart {
    let thread: NamedThread
    let name: String
    let body: @Sendable () -> Void

    init(thread: NamedThread, name: String, body: @escaping @Sendable () -> Void) {
        self.thread = thread
        self.name = name
        self.body = body
    }

    func run() {
        setName()
        thread.run(body)
    }

    /// Names the calling thread. Glibc's module does not export `pthread_setname_np` (it is `_GNU_SOURCE`), so on
    /// Linux this writes `/proc/thread-self/comm`, which is what that function does too; failure leaves the name.
    private func setName() {
        // The kernel keeps 15 bytes of a thread name; cut at a character boundary.
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard bytes.count + encoded.count <= 15 else { break }
            bytes += encoded
        }
        #if canImport(Glibc)
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try? SystemCall.close(descriptor)
        #else
        bytes.append(0)
        _ = bytes.withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { pthread_setname_np($0.baseAddress!) }
        }
        #endif
    }

}

/// A value guarded by a ``ThreadLock``.
private final class ThreadLockedValue<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only touched while holding `lock`.
    private let lock = ThreadLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
