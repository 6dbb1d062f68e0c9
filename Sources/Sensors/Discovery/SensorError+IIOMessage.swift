#if canImport(Glibc)
import Glibc
#endif
import IIO

extension SensorError {
    /// The line a user reads for a libiio failure: what could not be done, to what, and the C library's reason —
    /// `cannot read 'in_accel_scale' of iio:device0 (bmi160): Permission denied` — without libiio's function names
    /// or error numbers (``IIOError/description`` keeps those for logs and tests). A connection that broke (iiod
    /// stopped, the network went away) says so.
    static func message(for error: IIOError, uri: String?) -> String {
        let uri = uri ?? error.uri
        let device = error.deviceID.map { id in error.deviceName.map { "\(id) (\($0))" } ?? id } ?? error.deviceName
        let subject = device ?? uri.map { "'\($0)'" } ?? "the context"
        let attribute = error.attribute.map { "'\($0)'" }
        if let value = error.value {
            return "\(attribute ?? "a value") of \(subject) is '\(value)', not a number"
        }
        var reason = error.errno.description
        if let detail = error.detail { reason += " (\(detail))" }
        let operation = error.operation
        let opensContext = operation.contains("create_") && operation.contains("context")
        // Past opening the context, a refused connection is an iiod that stopped: libiio 0.24 opens a connection of
        // its own for each buffer, so a capture that reopens one after a stall meets the stopped server that way.
        if let uri, uri.hasPrefix("ip:"), !opensContext,
            lostConnection.contains(error.errno) || error.errno == .connectionRefused
        {
            return "lost the connection to \(uri) (iiod stopped or the network went away): \(reason)"
        }
        let what: String
        if operation.contains("create_context") || operation.contains("xml_context") {
            what = "cannot open \(uri.map { "'\($0)'" } ?? "the IIO context")"
        } else if operation.contains("refill") || operation.contains("create_buffer") || operation.contains("poll_fd") {
            what = "cannot capture from \(subject)"
        } else if operation.contains("trigger") {
            what = "cannot \(operation.contains("set") ? "set" : "read") the trigger of \(subject)"
        } else if operation.contains("write") || operation.contains("set_") {
            what = "cannot write \(attribute.map { $0 + " of " } ?? "")\(subject)"
        } else if operation.contains("read") || operation.contains("get_") {
            what = "cannot read \(attribute.map { $0 + " of " } ?? "")\(subject)"
        } else {
            what = "\(subject) failed"
        }
        return "\(what): \(reason)"
    }

    /// What a broken TCP connection to iiod gives.
    private static let lostConnection: Set<IIOErrno> = [
        .connectionReset, .brokenPipe, IIOErrno(rawValue: ENOTCONN), IIOErrno(rawValue: ECONNABORTED),
    ]
}
