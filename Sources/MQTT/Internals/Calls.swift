import CMosquitto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one funnel between libmosquitto's conventions and `MQTTError`: a `MOSQ_ERR_*` return code, plus the `errno`
// (for `MOSQ_ERR_ERRNO`) or `getaddrinfo` code (for `MOSQ_ERR_EAI`, left in `errno` too) the call left behind, plus
// the CONNACK code of a refused connection. Every C call of the module goes through `MQTTClient.call`, which uses it.

/// What an error is about, beyond the return code: filled in by the client that made the call.
struct ErrorSubject {
    /// `host:port`, once a connection was asked for.
    var broker: String?
    /// libmosquitto's last error-level log line during the call (OpenSSL's reason for TLS failures).
    var logged: String?
    /// The CONNACK code the broker answered, when it refused the connection.
    var connack: Int32?
    /// What `MOSQ_ERR_INVAL` means for this call (`mosquitto_tls_set` says it for unreadable files).
    var invalidArgument: MQTTFailure = .invalidArgument
}

/// Runs `body`, a libmosquitto call returning `MOSQ_ERR_*`; throws the mapped error unless it succeeded.
///
/// `errno` is cleared before and read right after the call, so nothing else can overwrite it in between.
/// A refused connection is reported as the `CONNACK` step, whichever call noticed it.
func call(_ operation: String, _ subject: @autoclosure () -> ErrorSubject, _ body: () -> Int32) throws(MQTTError) {
    errno = 0
    let code = body()
    let systemCode = errno
    guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
    let subject = subject()
    let refused = code == MOSQ_ERR_CONN_REFUSED.rawValue || code == MOSQ_ERR_AUTH.rawValue
    throw MQTTError(
        operation: refused ? "CONNACK" : operation,
        failure: failure(code: code, errno: systemCode, subject: subject),
        broker: subject.broker, detail: subject.logged)
}

/// The failure a libmosquitto return code stands for.
///
/// A connection that ends while OpenSSL logs an error is a TLS failure whatever code libmosquitto returns: with TLS
/// 1.3 a broker rejects a missing client certificate only after the handshake, and libmosquitto reports the
/// closed connection (`MOSQ_ERR_CONN_LOST`) while OpenSSL names the reason ("tlsv13 alert certificate required").
func failure(code: Int32, errno systemCode: Int32, subject: ErrorSubject) -> MQTTFailure {
    let lost = [MOSQ_ERR_CONN_LOST.rawValue, MOSQ_ERR_ERRNO.rawValue, MOSQ_ERR_PROTOCOL.rawValue].contains(code)
    if lost, subject.logged?.hasPrefix("OpenSSL Error") == true { return .tlsHandshake }
    switch code {
    case MOSQ_ERR_CONN_REFUSED.rawValue:
        let connack = subject.connack ?? Int32(CONNACK_REFUSED_NOT_AUTHORIZED.rawValue)
        let login = [CONNACK_REFUSED_BAD_USERNAME_PASSWORD.rawValue, CONNACK_REFUSED_NOT_AUTHORIZED.rawValue]
        return login.contains(UInt32(connack)) ? .loginRefused(connack: connack) : .connectionRefused(connack: connack)
    case MOSQ_ERR_AUTH.rawValue:
        return .loginRefused(connack: subject.connack ?? Int32(CONNACK_REFUSED_NOT_AUTHORIZED.rawValue))
    case MOSQ_ERR_ERRNO.rawValue:
        return failure(errno: systemCode)
    case MOSQ_ERR_EAI.rawValue, MOSQ_ERR_LOOKUP.rawValue:
        return .hostNotFound(code: systemCode)
    case MOSQ_ERR_TLS.rawValue, MOSQ_ERR_TLS_HANDSHAKE.rawValue, MOSQ_ERR_OCSP.rawValue:
        return .tlsHandshake
    case MOSQ_ERR_KEEPALIVE.rawValue, MOSQ_ERR_TIMEOUT.rawValue:
        return .timedOut
    case MOSQ_ERR_CONN_LOST.rawValue:
        return .connectionLost
    case MOSQ_ERR_NO_CONN.rawValue:
        return .notConnected
    case MOSQ_ERR_INVAL.rawValue, MOSQ_ERR_MALFORMED_UTF8.rawValue:
        return subject.invalidArgument
    case MOSQ_ERR_PAYLOAD_SIZE.rawValue, MOSQ_ERR_OVERSIZE_PACKET.rawValue:
        return .payloadTooLarge
    case MOSQ_ERR_NOMEM.rawValue:
        return .outOfMemory
    case MOSQ_ERR_PROTOCOL.rawValue, MOSQ_ERR_MALFORMED_PACKET.rawValue, MOSQ_ERR_DUPLICATE_PROPERTY.rawValue:
        return .protocolViolation
    default:
        return .library(code: code)
    }
}

/// The failure an `errno` value stands for on a broker connection.
func failure(errno code: Int32) -> MQTTFailure {
    switch code {
    case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ETIMEDOUT, EHOSTDOWN, ENETDOWN, EADDRNOTAVAIL:
        return .unreachable(errno: code)
    case EPROTO:
        // libmosquitto sets EPROTO when OpenSSL fails mid-connection (SSL_ERROR_SSL), e.g. when a broker that
        // requires a client certificate rejects the connection after a TLS 1.3 handshake; plain TCP never does.
        return .tlsHandshake
    case ECONNRESET, EPIPE, ENOTCONN, ECONNABORTED, 0:
        // 0: libmosquitto saw the peer close (read returned 0) without an errno.
        return .connectionLost
    default:
        return .system(errno: code)
    }
}

/// Returns the pointer a constructor returned, or throws the `errno` it left (`mosquitto_new`: `EINVAL`, `ENOMEM`).
func nonNull(_ pointer: OpaquePointer?, _ operation: String) throws(MQTTError) -> OpaquePointer {
    if let pointer { return pointer }
    let code = errno
    throw MQTTError(operation: operation, failure: code == ENOMEM ? .outOfMemory : .invalidArgument)
}
