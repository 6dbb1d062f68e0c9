/// Structured values drawn from the front of a fuzzer's bytes: a harness that needs a few choices and then a
/// payload takes the choices first and the rest as the payload. Running out yields zeros and empty payloads, so
/// every input means something.
public struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Bytes not taken yet.
    public var remaining: Int { bytes.count - position }

    /// The next byte, 0 when there is none.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A value in 0..<bound from the next byte.
    public mutating func choose(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(byte()) % bound }

    /// The bytes up to the next `separator` (which is consumed) or the end.
    public mutating func bytes(upTo separator: UInt8) -> [UInt8] {
        var taken: [UInt8] = []
        while position < bytes.count {
            let next = bytes[position]
            position += 1
            if next == separator { break }
            taken.append(next)
        }
        return taken
    }

    /// Everything not taken yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }

    /// The rest split at every `separator` (NUL by default), as UTF-8 text (invalid sequences repaired).
    public mutating func strings(separatedBy separator: UInt8 = 0) -> [String] {
        rest().split(separator: separator, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
