/// The storage format of one buffered channel, as the kernel writes it to `scan_elements/*_type`
/// (`[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`, Documentation/ABI/testing/sysfs-bus-iio).
public struct FixtureScanFormat: Sendable, Hashable {
    /// Big-endian storage (`be:`) rather than little-endian (`le:`).
    public var isBigEndian: Bool
    /// Two's-complement signed value.
    public var isSigned: Bool
    /// Significant bits of the value.
    public var bits: Int
    /// Bits the value occupies in the buffer (a multiple of 8).
    public var storageBits: Int
    /// Right shift to apply to the stored word before masking `bits`.
    public var shift: Int
    /// Number of consecutive values per sample (`X` repeat), 1 for most channels.
    public var repeatCount: Int

    /// Creates a format from its parts.
    public init(isBigEndian: Bool, isSigned: Bool, bits: Int, storageBits: Int, shift: Int = 0, repeatCount: Int = 1) {
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
        self.bits = bits
        self.storageBits = storageBits
        self.shift = shift
        self.repeatCount = repeatCount
    }

    /// Parses a kernel type string such as `le:s16/16>>0`; `nil` when malformed.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0] == "le" || parts[0] == "be" else { return nil }
        var rest = Substring(parts[1])
        guard let sign = rest.first, "sSuU".contains(sign) else { return nil }
        rest = rest.dropFirst()
        guard let slash = rest.firstIndex(of: "/"), let bits = Int(rest[..<slash]) else { return nil }
        rest = rest[rest.index(after: slash)...]
        guard let shiftMark = rest.range(of: ">>"), let shift = Int(rest[shiftMark.upperBound...]) else { return nil }
        let storagePart = rest[..<shiftMark.lowerBound]
        var storage = storagePart
        var repeatCount = 1
        if let x = storagePart.firstIndex(of: "X") {
            guard let count = Int(storagePart[storagePart.index(after: x)...]) else { return nil }
            repeatCount = count
            storage = storagePart[..<x]
        }
        guard let storageBits = Int(storage), storageBits % 8 == 0, storageBits >= 8, storageBits <= 64,
              bits >= 1, bits <= storageBits, shift >= 0, shift + bits <= storageBits, repeatCount >= 1
        else { return nil }
        self.init(
            isBigEndian: parts[0] == "be", isSigned: sign == "s" || sign == "S", bits: bits,
            storageBits: storageBits, shift: shift, repeatCount: repeatCount
        )
    }

    /// Bytes of one value in the buffer.
    public var storageBytes: Int { storageBits / 8 }

    /// Bytes the channel occupies in a sample, which is also its alignment (libiio's `length / 8 * repeat`).
    public var sampleBytes: Int { storageBytes * repeatCount }

    /// The kernel's spelling, e.g. `le:s16/16>>0`.
    public var kernelString: String {
        let repeatText = repeatCount > 1 ? "X\(repeatCount)" : ""
        return "\(isBigEndian ? "be" : "le"):\(isSigned ? "s" : "u")\(bits)/\(storageBits)\(repeatText)>>\(shift)"
    }

    /// The spelling libiio 0.24 writes into a context's XML: the sign letter is upper case when the value fills
    /// its storage word ("fully defined"), as `iio_channel_get_xml` does after the local backend parsed sysfs.
    public var xmlString: String {
        let fullyDefined = bits == storageBits
        let sign: String = isSigned ? (fullyDefined ? "S" : "s") : (fullyDefined ? "U" : "u")
        let repeatText = repeatCount > 1 ? "X\(repeatCount)" : ""
        return "\(isBigEndian ? "be" : "le"):\(sign)\(bits)/\(storageBits)\(repeatText)>>\(shift)"
    }

    /// Largest and smallest raw value that fits in `bits`.
    public var rawRange: ClosedRange<Int64> {
        if isSigned {
            let magnitude = bits >= 64 ? Int64.max : (Int64(1) << (bits - 1)) - 1
            return (-magnitude - 1)...magnitude
        }
        return 0...(bits >= 63 ? Int64.max : (Int64(1) << bits) - 1)
    }

    /// Encodes one raw value (clamped to `rawRange`) as the kernel stores it: shifted, in the storage word's byte
    /// order.
    public func encode(_ raw: Int64) -> [UInt8] {
        let clamped = min(max(raw, rawRange.lowerBound), rawRange.upperBound)
        let valueMask: UInt64 = bits >= 64 ? .max : (UInt64(1) << bits) - 1
        let word = (UInt64(bitPattern: clamped) & valueMask) << UInt64(shift)
        var bytes = [UInt8](repeating: 0, count: storageBytes)
        for index in 0..<storageBytes {
            let byte = UInt8(truncatingIfNeeded: word >> UInt64(8 * index))
            bytes[isBigEndian ? storageBytes - 1 - index : index] = byte
        }
        return bytes
    }
}
