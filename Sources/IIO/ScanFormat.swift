/// How one channel's sample is stored in a buffer: the sysfs `scan_elements/<channel>_type` string
/// `[be|le]:[s|u|S|U]BITS/STORAGEBITS[XREPEAT]>>SHIFT` (kernel ABI, `Documentation/ABI/testing/sysfs-bus-iio`).
///
/// `le:s12/16>>4` is a little-endian 16-bit slot whose bits 4…15 hold a signed 12-bit value. Upper-case `S`/`U`
/// mark a fully defined value (no masking needed). ``decode(_:element:)`` turns the stored bytes into an integer;
/// multiply by the channel's `scale` (and add `offset` first) for physical units.
public struct ScanFormat: Sendable, Hashable {
    /// True for `be:`, false for `le:`.
    public var isBigEndian: Bool
    /// True for `s`/`S`.
    public var isSigned: Bool
    /// True for upper-case `S`/`U`: every storage bit is meaningful.
    public var isFullyDefined: Bool
    /// Meaningful bits (`realbits`), 1…64.
    public var bits: Int
    /// Bits the value occupies in the buffer (`storagebits`), a multiple of 8, ≥ ``bits``, ≤ 64.
    public var storageBits: Int
    /// Right shift before masking to ``bits``.
    public var shift: Int
    /// How many values of this layout follow each other (`X2`); 1 when absent.
    public var repeatCount: Int

    /// Creates a format; the values are not checked (use ``init(_:)`` to parse and validate sysfs text).
    public init(
        isBigEndian: Bool, isSigned: Bool, isFullyDefined: Bool = false, bits: Int, storageBits: Int,
        shift: Int = 0, repeatCount: Int = 1
    ) {
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
        self.isFullyDefined = isFullyDefined
        self.bits = bits
        self.storageBits = storageBits
        self.shift = shift
        self.repeatCount = repeatCount
    }

    /// Bytes one sample of the channel takes in a buffer: `storageBits / 8 × repeatCount`.
    public var byteCount: Int { storageBits / 8 * repeatCount }

    /// Decodes one stored value: reads ``storageBits`` bits in the channel's byte order from `bytes` (starting at
    /// element `element` of a repeated channel), shifts right by ``shift``, masks to ``bits`` and sign-extends.
    ///
    /// Edge cases: fewer bytes than needed decode as 0; a 64-bit unsigned value above `Int64.max` wraps (no IIO
    /// motion channel has one).
    public func decode(_ bytes: some RandomAccessCollection<UInt8>, element: Int = 0) -> Int64 {
        let width = storageBits / 8
        let start = element * width
        guard width > 0, width <= 8, start >= 0, bytes.count >= start + width else { return 0 }
        var raw: UInt64 = 0
        var index = bytes.index(bytes.startIndex, offsetBy: start)
        for position in 0..<width {
            let byte = UInt64(bytes[index])
            raw |= isBigEndian ? byte << UInt64(8 * (width - 1 - position)) : byte << UInt64(8 * position)
            index = bytes.index(after: index)
        }
        return extract(raw)
    }

    /// Applies shift, mask and sign extension to a raw storage word already in host order.
    public func extract(_ raw: UInt64) -> Int64 {
        var value = shift < 64 ? raw >> UInt64(shift) : 0
        guard bits > 0 else { return 0 }
        if bits < 64 {
            let mask: UInt64 = (1 << UInt64(bits)) - 1
            value &= mask
            if isSigned, value & (1 << UInt64(bits - 1)) != 0 {
                value |= ~mask
            }
        }
        return Int64(bitPattern: value)
    }
}

extension ScanFormat: LosslessStringConvertible {
    /// Parses a sysfs `_type` string such as `le:s16/16>>0`, `be:S16/16>>0`, `le:s32/32>>0`, `le:u12/16X2>>4`.
    /// Returns nil for anything malformed: unknown endianness or sign letter, missing parts, `bits` of 0 or above
    /// `storagebits`, `storagebits` not a multiple of 8 or above 64, a shift that leaves fewer than `bits` bits,
    /// a repeat of 0, trailing text. A trailing newline is accepted.
    public init?(_ description: String) {
        var text = description.trimmedAttributeText
        func take(_ prefix: String) -> Bool {
            guard text.hasPrefix(prefix) else { return false }
            text = text.dropFirst(prefix.count)
            return true
        }
        func number() -> Int? {
            let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 4, let value = Int(digits) else { return nil }
            text = text.dropFirst(digits.count)
            return value
        }
        let bigEndian: Bool
        if take("be:") {
            bigEndian = true
        } else if take("le:") {
            bigEndian = false
        } else {
            return nil
        }
        guard let sign = text.first, "sSuU".contains(sign) else { return nil }
        text = text.dropFirst()
        guard let bits = number(), take("/"), let storageBits = number() else { return nil }
        var repeatCount = 1
        if take("X") {
            guard let count = number() else { return nil }
            repeatCount = count
        }
        guard take(">>"), let shift = number(), text.isEmpty else { return nil }
        guard bits >= 1, storageBits % 8 == 0, storageBits >= 8, storageBits <= 64, bits <= storageBits,
            shift + bits <= storageBits, repeatCount >= 1
        else { return nil }
        self.init(
            isBigEndian: bigEndian, isSigned: sign == "s" || sign == "S", isFullyDefined: sign.isUppercase,
            bits: bits, storageBits: storageBits, shift: shift, repeatCount: repeatCount)
    }

    /// The sysfs spelling, e.g. `le:s16/16>>0` (`X<n>` only when repeated).
    public var description: String {
        let sign = isSigned ? (isFullyDefined ? "S" : "s") : (isFullyDefined ? "U" : "u")
        let repeated = repeatCount > 1 ? "X\(repeatCount)" : ""
        return "\(isBigEndian ? "be" : "le"):\(sign)\(bits)/\(storageBits)\(repeated)>>\(shift)"
    }
}
