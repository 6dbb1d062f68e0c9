/// Percent-encoding and -decoding of URI components (RFC 3986 §2.1): request paths and queries (`HTTP`), the user
/// name and password of a broker URL (`Publishing`), the `file:` URI of a store (`ReadingsStore`).
public enum PercentEncoding {
    /// `text` with every `%XX` replaced by its byte (and, with `plusIsSpace`, every `+` by a space, as in form
    /// queries, `application/x-www-form-urlencoded`); nil when a `%` lacks two hex digits or the bytes are not UTF-8.
    public static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` with every byte other than the unreserved characters (`A–Z a–z 0–9 - . _ ~`) and those of `keeping`
    /// written as `%XX` (upper-case hex), e.g. `encode("/tmp/a b?", keeping: "/")` is `/tmp/a%20b%3F`.
    public static func encode(_ text: String, keeping: String = "") -> String {
        let kept = Set(keeping.utf8)
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            case _ where kept.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
