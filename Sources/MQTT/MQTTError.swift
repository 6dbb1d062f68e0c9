/// A failed MQTT operation: which call, against which broker, why, and what libmosquitto (or OpenSSL) said.
///
/// Every libmosquitto return code goes through one internal funnel (`Internals/Calls.swift`) that builds this value,
/// so the CLI maps ``failure`` to an exit code and prints ``description`` as the cause.
///
/// ```swift
/// do { try client.connect(host: "broker", port: 1883) }
/// catch let error where error.failure.isLoginRefused { … }   // exit 77
/// ```
public struct MQTTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The libmosquitto function or protocol step that failed, e.g. `mosquitto_connect_async`, `CONNACK`.
    public var operation: String
    /// Why it failed.
    public var failure: MQTTFailure
    /// The broker as `host:port` when the operation concerned one.
    public var broker: String?
    /// libmosquitto's last logged error (OpenSSL's reason for TLS failures, e.g. "certificate verify failed"), or nil.
    public var detail: String?

    /// Creates an error; normally only the MQTT module does this, tests of the layers above may too.
    public init(operation: String, failure: MQTTFailure, broker: String? = nil, detail: String? = nil) {
        self.operation = operation
        self.failure = failure
        self.broker = broker
        self.detail = detail
    }

    /// One line: operation, broker, cause, e.g.
    /// `CONNACK from 127.0.0.1:1883: login refused (bad user name or password)`.
    public var description: String {
        var text = operation
        if let broker { text += (operation == "CONNACK" ? " from " : " to ") + broker }
        text += ": \(failure)"
        if let detail { text += " [\(detail)]" }
        return text
    }
}
