/// One Server-Sent Event (WHATWG HTML §9.2): an optional type and id, and data, which may span lines.
///
/// ```swift
/// ServerSentEvent(event: "motion", data: #"{"t":1.5}"#).encoded   // "event: motion\ndata: {"t":1.5}\n\n"
/// ```
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type (`addEventListener(type)` in a browser); nil for the default `message`.
    public var event: String?
    /// The data; each line becomes a `data:` line and the browser joins them with newlines.
    public var data: String
    /// The id the browser sends back as `Last-Event-ID` when it reconnects; nil for none.
    public var id: String?

    public init(event: String? = nil, data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }

    /// The event on the wire, ending with its blank line. Line breaks (CR, LF, CRLF) in `data` start new `data:`
    /// lines; in `event` and `id`, where they would end the field, they become spaces (and NUL in an id, which
    /// browsers ignore the field for, is dropped).
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.utf8.count + 32)
        if let event { Self.field("event", Self.oneLine(event), into: &bytes) }
        if let id { Self.field("id", Self.oneLine(id).filter { $0 != 0 }, into: &bytes) }
        var line: [UInt8] = []
        var afterCR = false
        for byte in data.utf8 {
            if byte == LF && afterCR {
                afterCR = false
                continue
            }
            afterCR = byte == CR
            if byte == CR || byte == LF {
                Self.field("data", line, into: &bytes)
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        Self.field("data", line, into: &bytes)
        bytes.append(LF)
        return bytes
    }

    /// A comment line (`: text`), which browsers ignore: keep-alives that show a proxy and the TCP stack that the
    /// stream is alive.
    public static func comment(_ text: String) -> [UInt8] {
        Array(": ".utf8) + oneLine(text) + [LF, LF]
    }

    /// A `retry:` field: how long the browser waits, ms, before reconnecting after the connection is lost.
    static func retry(milliseconds: Int) -> [UInt8] {
        Array("retry: \(milliseconds)\n\n".utf8)
    }

    private static func field(_ name: String, _ value: some Sequence<UInt8>, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: value)
        bytes.append(LF)
    }

    private static func oneLine(_ text: String) -> [UInt8] {
        text.utf8.map { $0 == CR || $0 == LF ? UInt8(ascii: " ") : $0 }
    }
}
