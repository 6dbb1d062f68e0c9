import ReadingFormats
import Sensors
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// A client's connection to `bodyreadings serve`: connects to its socket, reads the `hello`, sends requests and
/// reads the service's lines as `ServiceEvent`s (docs/socket-api.md).
///
/// `next()` blocks on one thread; `cancel()` from any thread makes it return nil at once. Failures are
/// `CaptureError`s, as the sensors' are: no service (`notFound`), not allowed to connect (`permissionDenied`), the
/// service went away (`vanished`), a line that is not the protocol (`malformedInput`).
public final class ServiceConnection: @unchecked Sendable {
    // @unchecked: `input` is confined to the reading thread; `descriptor` is immutable; shutdown is thread-safe.

    /// The socket's path.
    public let path: String
    /// What the service said it is and has.
    public let availability: ServiceAvailability
    /// The service's name and version.
    public let service: String
    private let descriptor: Int32
    private let reader: LineReader
    private var closed = false

    /// Connects to the service at `path` and reads its `hello` (waiting at most `timeout` seconds for it).
    public init(path: String, timeout: Double = 5) throws(CaptureError) {
        self.path = path
        do {
            descriptor = try UnixSocket.connect(path: path)
        } catch {
            throw Self.connectError(error, path: path)
        }
        var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let answered = SystemCall.retryingInterrupts { poll(&ready, 1, Int32(timeout * 1000)) } > 0
        let reader = LineReader(fileDescriptor: descriptor, ownsDescriptor: false, source: path)
        var greeting: (String, ServiceAvailability)?
        var refusal: String?
        if answered, let line = try? reader.nextLine() {
            switch try? ServiceEvent.parse(Array(line)) {
            case .hello(_, let service, let availability)?: greeting = (service, availability)
            case .closing(let reason)?: refusal = reason
            default: break
            }
        }
        guard let greeting else {
            try? SystemCall.close(descriptor)
            // A full service says so instead of a hello, then closes.
            if let refusal { throw CaptureError(.full, "the service at \(path) refused this client: \(refusal)") }
            throw CaptureError(.notFound, "\(path) does not answer as a bodyreadings service (no hello)")
        }
        (service, availability) = greeting
        self.reader = reader
    }

    deinit {
        try? SystemCall.close(descriptor)
    }

    /// Sends one request.
    public func send(_ request: ServiceRequest) throws(CaptureError) {
        do {
            try UnixSocket.sendAll(descriptor, request.line)
        } catch {
            throw CaptureError(.vanished, "the service at \(path) went away (\(error.reason))")
        }
    }

    /// The next line from the service; blocks until one comes. Nil once the connection was cancelled.
    public func next() throws(CaptureError) -> ServiceEvent? {
        guard !closed else { return nil }
        let line: [UInt8]
        do {
            guard let next = try reader.nextLine() else {
                closed = true
                return nil
            }
            line = Array(next)
        } catch {
            throw CaptureError(.vanished, "the connection to the service at \(path) failed: \(error)")
        }
        do {
            return try ServiceEvent.parse(line)
        } catch {
            throw CaptureError(.malformedInput, "the service at \(path) sent a line it should not: \(error.message)")
        }
    }

    /// Makes a blocked or later `next()` return nil. Thread-safe, idempotent.
    public func cancel() {
        UnixSocket.shutdown(descriptor)
    }

    // MARK: Internals

    private static func connectError(_ error: SystemError, path: String) -> CaptureError {
        switch error.errno.rawValue {
        case ENOENT, ECONNREFUSED:
            return CaptureError(.notFound, "no bodyreadings service listens on \(path)")
        case _ where error.errno.isPermissionError:
            return CaptureError(.permissionDenied, "may not connect to the service at \(path) (\(error.reason))")
        default:
            return CaptureError(.io, "cannot connect to the service at \(path): \(error.reason)")
        }
    }
}
