import CMosquitto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libmosquitto client (`struct mosquitto`) for the thread that drives it: configure, connect without blocking,
/// then move bytes with ``read()``, ``write()`` and ``maintain()`` when its ``socket`` is ready, and take what
/// happened with ``takeEvents()``.
///
/// The client leaves the network loop to its owner rather than starting libmosquitto's own thread
/// (`mosquitto_loop_start`): that thread ends silently on errors it deems fatal (TLS, DNS), reconnects on a schedule
/// of its own, and calls back on a thread Swift knows nothing about. Driven from one thread, every callback arrives
/// inside a call of that thread and is handed out as a ``MQTTClientEvent`` value; no C pointer leaves the module.
/// ``MQTTPublisher`` is the owner BodyReadings uses.
///
/// Not `Sendable`: create it on the thread that uses it.
public final class MQTTClient {
    /// The client identifier sent to the broker (unique per broker: a second client with the same id takes over).
    public let id: String
    private let handle: OpaquePointer
    private let inbox: EventInbox
    /// `host:port` once ``connect(host:port:keepAlive:)`` was called, for errors.
    private var broker: String?

    /// A client with identifier `id`. `cleanSession` true: the broker keeps no state for it between connections.
    /// The corresponding C function is `mosquitto_new`.
    public init(id: String, cleanSession: Bool = true) throws(MQTTError) {
        MQTTLibrary.initialize()
        self.id = id
        let inbox = EventInbox()
        self.inbox = inbox
        handle = try nonNull(mosquitto_new(id, cleanSession, inbox.context), "mosquitto_new")
        EventInbox.install(on: handle)
    }

    deinit {
        mosquitto_destroy(handle)
    }

    // MARK: Configuration (before connecting)

    /// Logs in with `username` and `password` (nil: none). The corresponding C function is
    /// `mosquitto_username_pw_set`.
    public func setCredentials(username: String, password: String?) throws(MQTTError) {
        try call("mosquitto_username_pw_set") { mosquitto_username_pw_set($0, username, password) }
    }

    /// Connects with TLS using `configuration`'s files; the files are checked here (``MQTTFailure/tlsFiles``).
    /// The corresponding C function is `mosquitto_tls_set`.
    public func setTLS(_ configuration: MQTTTLSConfiguration) throws(MQTTError) {
        try call("mosquitto_tls_set", invalidArgument: .tlsFiles) {
            mosquitto_tls_set(
                $0, configuration.caFile, configuration.caDirectory, configuration.certificateFile,
                configuration.keyFile, nil)
        }
    }

    /// The message the broker publishes for this client when the connection ends without a clean
    /// ``disconnect()`` (the "last will"). The corresponding C function is `mosquitto_will_set`.
    public func setWill(_ message: MQTTMessage) throws(MQTTError) {
        try checkSize(message)
        try call("mosquitto_will_set") { handle in
            message.payload.withUnsafeBytes { bytes in
                mosquitto_will_set(
                    handle, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos.rawValue,
                    message.retain)
            }
        }
    }

    /// How many QoS 1 publications may await their PUBACK at once; libmosquitto holds back further ones.
    /// Default 20. The corresponding C function is `mosquitto_max_inflight_messages_set`.
    public func setMaximumInFlight(_ count: Int) throws(MQTTError) {
        try call("mosquitto_max_inflight_messages_set") {
            mosquitto_max_inflight_messages_set($0, UInt32(clamping: count))
        }
    }

    // MARK: Connection

    /// Starts connecting to `host:port` and queues the MQTT CONNECT packet; returns without waiting for the TCP
    /// handshake (a refused port on the loopback fails here at once, a remote one later, in ``read()``).
    /// `keepAlive`: seconds between pings when idle (at least 5). Host names are resolved here, blocking.
    /// The corresponding C function is `mosquitto_connect_async`.
    public func connect(host: String, port: Int, keepAlive: Int = 30) throws(MQTTError) {
        broker = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        inbox.refusal = nil
        try call("mosquitto_connect_async") {
            mosquitto_connect_async($0, host, Int32(clamping: port), Int32(clamping: keepAlive))
        }
    }

    /// Queues a DISCONNECT packet: the broker then drops the will. The socket closes once ``write()`` sent it.
    /// The corresponding C function is `mosquitto_disconnect`.
    public func disconnect() throws(MQTTError) {
        try call("mosquitto_disconnect") { mosquitto_disconnect($0) }
    }

    /// Queues `message` for sending; its ``MQTTClientEvent/delivered(_:)`` event carries the returned id.
    /// The corresponding C function is `mosquitto_publish`.
    @discardableResult
    public func publish(_ message: MQTTMessage) throws(MQTTError) -> MQTTMessageID {
        try checkSize(message)
        var mid: Int32 = 0
        try call("mosquitto_publish") { handle in
            message.payload.withUnsafeBytes { bytes in
                mosquitto_publish(
                    handle, &mid, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos.rawValue,
                    message.retain)
            }
        }
        return MQTTMessageID(rawValue: mid)
    }

    // MARK: Network loop

    /// The connection's socket to wait on (readable: call ``read()``; writable while ``wantsWrite``: ``write()``),
    /// or nil without a connection. The corresponding C function is `mosquitto_socket`.
    public var socket: Int32? {
        let descriptor = mosquitto_socket(handle)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Whether packets wait to be written. The corresponding C function is `mosquitto_want_write`.
    public var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// Reads and handles what the socket has (CONNACK, PUBACK, PINGRESP). A refused login throws
    /// ``MQTTFailure/loginRefused(connack:)``. The corresponding C function is `mosquitto_loop_read`.
    public func read() throws(MQTTError) {
        try call("mosquitto_loop_read") { mosquitto_loop_read($0, 1) }
    }

    /// Writes queued packets as far as the socket takes them. The corresponding C function is
    /// `mosquitto_loop_write`.
    public func write() throws(MQTTError) {
        try call("mosquitto_loop_write") { mosquitto_loop_write($0, 1) }
    }

    /// Keep-alive: sends PINGREQ when due and fails with ``MQTTFailure/timedOut`` when the broker stopped answering.
    /// Call it at least once a second. The corresponding C function is `mosquitto_loop_misc`.
    public func maintain() throws(MQTTError) {
        try call("mosquitto_loop_misc") { mosquitto_loop_misc($0) }
    }

    /// Why the socket failed, as `SO_ERROR` tells after `poll` reported an error or hang-up while connecting:
    /// ``MQTTFailure/unreachable(errno:)`` (e.g. `ECONNREFUSED`), or ``MQTTFailure/connectionLost`` without one.
    public var socketFailure: MQTTFailure {
        guard let socket else { return .connectionLost }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &code, &length) == 0, code != 0 else { return .connectionLost }
        return failure(errno: code)
    }

    /// What happened since the last call, oldest first.
    public func takeEvents() -> [MQTTClientEvent] {
        defer { inbox.events.removeAll(keepingCapacity: true) }
        return inbox.events
    }

    /// Makes an error for a failure the caller detected itself (a handshake that took too long, a socket error).
    public func error(_ operation: String, _ failure: MQTTFailure) -> MQTTError {
        MQTTError(operation: operation, failure: failure, broker: broker, detail: inbox.logged)
    }

    // MARK: Funnel

    /// Runs one libmosquitto call on the handle through the module's funnel.
    private func call(
        _ operation: String, invalidArgument: MQTTFailure = .invalidArgument, _ body: (OpaquePointer) -> Int32
    ) throws(MQTTError) {
        inbox.logged = nil
        try MQTT.call(
            operation,
            ErrorSubject(
                broker: broker, logged: inbox.logged, connack: inbox.refusal, invalidArgument: invalidArgument)
        ) { body(handle) }
    }

    /// MQTT's length field ends at 268 435 455 bytes; libmosquitto takes an `Int32` length.
    private func checkSize(_ message: MQTTMessage) throws(MQTTError) {
        guard message.payload.count > 268_435_455 else { return }
        throw error("mosquitto_publish", .payloadTooLarge)
    }
}

@available(*, unavailable, message: "an MQTTClient belongs to the thread that drives it")
extension MQTTClient: Sendable {}
