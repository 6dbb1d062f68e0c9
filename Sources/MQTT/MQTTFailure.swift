#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an MQTT operation failed, in the terms a caller decides on: refused login, unreachable broker, TLS, lost
/// connection, or a fault of the request or the library.
///
/// Built only by the module's funnel (`Internals/Calls.swift`) from libmosquitto's return codes (`MOSQ_ERR_*`), the
/// `errno` or `getaddrinfo` code behind `MOSQ_ERR_ERRNO`/`MOSQ_ERR_EAI`, and the broker's CONNACK code.
public enum MQTTFailure: Sendable, Hashable, CustomStringConvertible {
    /// The broker refused the login: CONNACK 4 (bad user name or password) or 5 (not authorised), or MQTT 5
    /// authentication failed. Retrying with the same credentials cannot help.
    case loginRefused(connack: Int32)
    /// The broker refused the connection for another reason: CONNACK 1 (protocol version), 2 (client identifier
    /// rejected) or 3 (server unavailable).
    case connectionRefused(connack: Int32)
    /// No TCP connection to the broker: nothing listens on the port (`ECONNREFUSED`), no route (`EHOSTUNREACH`,
    /// `ENETUNREACH`), or the attempt timed out (`ETIMEDOUT`). The `errno` value.
    case unreachable(errno: Int32)
    /// The broker's host name does not resolve; the `getaddrinfo` code (`EAI_*`).
    case hostNotFound(code: Int32)
    /// The TLS handshake failed: the broker's certificate is not trusted by the CA file, its name does not match,
    /// the port does not speak TLS, or the broker rejected the client certificate. Details in ``MQTTError/detail``.
    case tlsHandshake
    /// The TLS files could not be used: a CA file, client certificate or key missing, unreadable, or not matching.
    case tlsFiles
    /// The broker did not complete the MQTT handshake (CONNACK) or answer keep-alive pings in time.
    case timedOut
    /// An established connection ended: the broker closed it, reset it, or went away.
    case connectionLost
    /// The operation needs a connection and there is none.
    case notConnected
    /// The request was invalid: an empty or wildcard topic, a bad QoS, a client id the library rejects.
    case invalidArgument
    /// The message is larger than MQTT allows (268 435 455 bytes) or than the broker accepts.
    case payloadTooLarge
    /// libmosquitto ran out of memory.
    case outOfMemory
    /// The broker sent something that breaks the MQTT protocol.
    case protocolViolation
    /// A system call failed with this `errno` value.
    case system(errno: Int32)
    /// Any other libmosquitto code (`MOSQ_ERR_*`), as the library reported it.
    case library(code: Int32)

    /// Whether the broker should be tried again later: the network or the broker may come back; a refused login,
    /// bad TLS files or an invalid request will not get better by waiting.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .hostNotFound, .timedOut, .connectionLost, .notConnected, .system:
            return true
        case .connectionRefused(let connack):
            return connack == 3
        case .loginRefused, .tlsHandshake, .tlsFiles, .invalidArgument, .payloadTooLarge, .outOfMemory,
            .protocolViolation, .library:
            return false
        }
    }

    /// A short phrase, e.g. "login refused (bad user name or password)", "unreachable (Connection refused)".
    public var description: String {
        switch self {
        case .loginRefused(let connack): return "login refused (\(connackText(connack)))"
        case .connectionRefused(let connack): return "connection refused by the broker (\(connackText(connack)))"
        case .unreachable(let code): return "unreachable (\(errnoText(code)))"
        case .hostNotFound(let code): return "host not found (\(String(cString: gai_strerror(code))))"
        case .tlsHandshake: return "TLS handshake failed"
        case .tlsFiles: return "TLS files unusable"
        case .timedOut: return "timed out"
        case .connectionLost: return "connection lost"
        case .notConnected: return "not connected"
        case .invalidArgument: return "invalid argument"
        case .payloadTooLarge: return "payload too large"
        case .outOfMemory: return "out of memory"
        case .protocolViolation: return "MQTT protocol violation"
        case .system(let code): return errnoText(code)
        case .library(let code): return "libmosquitto error \(code)"
        }
    }
}

extension MQTTFailure {
    /// True for ``loginRefused(connack:)``: the case a caller maps to "permission denied".
    public var isLoginRefused: Bool {
        if case .loginRefused = self { return true }
        return false
    }

    /// True for ``unreachable(errno:)``, ``hostNotFound(code:)`` and ``timedOut``: the broker could not be reached.
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .hostNotFound, .timedOut: return true
        default: return false
        }
    }

    /// True for ``tlsHandshake`` and ``tlsFiles``.
    public var isTLS: Bool {
        self == .tlsHandshake || self == .tlsFiles
    }
}

/// The C library's text for an `errno` value.
func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "errno \(code)" }
    return String(cString: text)
}

/// The MQTT 3.1.1 text of a CONNACK return code (OASIS MQTT 3.1.1, table 3.1).
func connackText(_ code: Int32) -> String {
    switch code {
    case 1: return "unacceptable protocol version"
    case 2: return "client identifier rejected"
    case 3: return "server unavailable"
    case 4: return "bad user name or password"
    case 5: return "not authorised"
    default: return "CONNACK code \(code)"
    }
}
