import CMosquitto

/// Where libmosquitto's C callbacks leave what they report, for the client to hand out after each network call.
///
/// libmosquitto calls back synchronously from inside the loop call that read or wrote the packet, on the thread that
/// made it, so the inbox needs no lock: a client and its inbox belong to one thread. The C side holds it as its
/// `userdata` pointer without a reference (`Unmanaged.passUnretained`); the client owns both and destroys the
/// libmosquitto object first.
final class EventInbox {
    /// Events since the client last took them.
    var events: [MQTTClientEvent] = []
    /// The last error-level log line since the client cleared it (OpenSSL's reason for a TLS failure).
    var logged: String?
    /// The CONNACK code of the last refused connection.
    var refusal: Int32?

    /// The pointer libmosquitto hands back to every callback.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The inbox behind a callback's `userdata` pointer.
    static func from(_ context: UnsafeMutableRawPointer?) -> EventInbox? {
        context.map { Unmanaged<EventInbox>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Points `handle`'s callbacks at the inbox given to `mosquitto_new`.
    static func install(on handle: OpaquePointer) {
        mosquitto_connect_callback_set(handle) { _, context, code in
            guard let inbox = EventInbox.from(context) else { return }
            if code == 0 {
                inbox.refusal = nil
                inbox.events.append(.connected)
            } else {
                inbox.refusal = code
                inbox.events.append(.refused(connack: code))
            }
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            EventInbox.from(context)?.events.append(.disconnected(expected: code == 0))
        }
        mosquitto_publish_callback_set(handle) { _, context, mid in
            EventInbox.from(context)?.events.append(.delivered(MQTTMessageID(rawValue: mid)))
        }
        mosquitto_log_callback_set(handle) { _, context, level, text in
            guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
            EventInbox.from(context)?.logged = String(cString: text)
        }
    }
}
