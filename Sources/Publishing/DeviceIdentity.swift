#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The default device id: this machine's host name, made safe for a topic level.
public enum DeviceIdentity {
    /// The host name (`gethostname`) up to its first dot, with characters MQTT topics or Home Assistant ids cannot
    /// take (`/`, `+`, `#`, spaces, control characters) replaced by `_`; `bodyreadings` if there is none.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "bodyreadings" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return sanitized(name)
    }

    /// `name` up to its first dot, unsafe characters replaced by `_`; `bodyreadings` when nothing is left.
    public static func sanitized(_ name: String) -> String {
        let short = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let safe = String(short.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "/", "+", "#", "$", " ", "\t": return "_"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: return "_"
            default: return Character(scalar)
            }
        })
        return safe.isEmpty ? "bodyreadings" : safe
    }
}
