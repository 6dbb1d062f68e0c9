/// How one scan element of an IIO buffer is stored in a sample: the kernel's
/// `scan_elements/<channel>_type` string, `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`
/// (Documentation/ABI/testing/sysfs-bus-iio, "in_voltageY_type").
///
/// A value occupies `bits` bits of a `storageBits`-bit word, starting `shift` bits above the word's least significant
/// bit; the other bits of the word are not part of the value (HID sensor hubs put a neighbouring field's bytes in the
/// upper half of `le:s16/32>>0`). Signed values are two's complement and are sign-extended from bit `bits - 1`.
public struct ScanFieldFormat: Sendable, Hashable, CustomStringConvertible {
    /// Stored most significant byte first (`be`) rather than least significant first (`le`).
    public var isBigEndian: Bool
    /// Two's complement (`s`) rather than unsigned (`u`).
    public var isSigned: Bool
    /// Number of significant bits, 1…`storageBits`.
    public var bits: Int
    /// Size of the storage word in bits: 8, 16, 32 or 64.
    public var storageBits: Int
    /// Right shift to apply to the storage word before masking, 0…`storageBits - bits`.
    public var shift: Int
    /// Number of consecutive storage words of this element (`X3` for three axes in one element); 1 when absent.
    public var repeatCount: Int

    /// A format from its parts; precondition: the parts describe a valid format (see `validated`).
    public init(isBigEndian: Bool, isSigned: Bool, bits: Int, storageBits: Int, shift: Int = 0, repeatCount: Int = 1) {
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
        self.bits = bits
        self.storageBits = storageBits
        self.shift = shift
        self.repeatCount = repeatCount
    }

    /// Parses a kernel type string such as `le:s16/32>>0`, `be:u12/16>>4` or `le:s16/16X3>>0`.
    /// Returns nil for anything that is not a valid format.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "le": isBigEndian = false
        case "be": isBigEndian = true
        default: return nil
        }
        var rest = Substring(parts[1])
        switch rest.first {
        case "s": isSigned = true
        case "u": isSigned = false
        default: return nil
        }
        rest = rest.dropFirst()
        guard let slash = rest.firstIndex(of: "/"), let bits = Int(rest[..<slash]) else { return nil }
        rest = rest[rest.index(after: slash)...]
        guard let shiftMark = rest.firstRange(of: ">>") else { return nil }
        guard let shift = Int(rest[shiftMark.upperBound...]) else { return nil }
        let storage = rest[..<shiftMark.lowerBound]
        var repeatCount = 1
        var storageText = storage
        if let x = storage.firstIndex(where: { $0 == "X" || $0 == "x" }) {
            guard let count = Int(storage[storage.index(after: x)...]) else { return nil }
            repeatCount = count
            storageText = storage[..<x]
        }
        guard let storageBits = Int(storageText) else { return nil }
        self.bits = bits
        self.storageBits = storageBits
        self.shift = shift
        self.repeatCount = repeatCount
        guard isValid else { return nil }
    }

    /// True when the parts describe a format this decoder reads: storage of 8, 16, 32 or 64 bits, 1…storage bits of
    /// value that fit above the shift, and a repeat count of at least 1.
    public var isValid: Bool {
        [8, 16, 32, 64].contains(storageBits) && bits >= 1 && bits <= storageBits && shift >= 0
            && shift + bits <= storageBits && repeatCount >= 1
    }

    /// Bytes of one storage word.
    public var storageBytes: Int { storageBits / 8 }

    /// Bytes the whole element occupies in a sample (all repeats).
    public var elementBytes: Int { storageBytes * repeatCount }

    /// The kernel's spelling, e.g. `le:s16/32>>0`.
    public var description: String {
        let repeatPart = repeatCount > 1 ? "X\(repeatCount)" : ""
        return "\(isBigEndian ? "be" : "le"):\(isSigned ? "s" : "u")\(bits)/\(storageBits)\(repeatPart)>>\(shift)"
    }

    /// The value of repeat `element` of this field, stored at byte `offset` of `bytes`, as an integer:
    /// sign-extended when signed. An unsigned 64-bit value above `Int64.max` comes back as its bit pattern.
    ///
    /// Precondition: `offset + elementBytes <= bytes.count` and the format is valid.
    @inlinable
    public func integer(in bytes: UnsafeRawBufferPointer, at offset: Int, element: Int = 0) -> Int64 {
        let start = offset + element * storageBytes
        var word: UInt64 = 0
        switch storageBits {
        case 8:
            word = UInt64(bytes[start])
        case 16:
            let raw = bytes.loadUnaligned(fromByteOffset: start, as: UInt16.self)
            word = UInt64(isBigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw))
        case 32:
            let raw = bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self)
            word = UInt64(isBigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw))
        default:
            let raw = bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            word = isBigEndian ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw)
        }
        word >>= UInt64(shift)
        if bits < 64 {
            word &= (UInt64(1) << UInt64(bits)) &- 1
            if isSigned, word & (UInt64(1) << UInt64(bits - 1)) != 0 {
                word |= ~((UInt64(1) << UInt64(bits)) &- 1)
            }
        }
        return Int64(bitPattern: word)
    }

    /// The same as `integer(in:at:element:)` but as a Double, exact for unsigned 64-bit values too (up to rounding).
    @inlinable
    public func value(in bytes: UnsafeRawBufferPointer, at offset: Int, element: Int = 0) -> Double {
        let integer = integer(in: bytes, at: offset, element: element)
        if !isSigned && bits == 64 { return Double(UInt64(bitPattern: integer)) }
        return Double(integer)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
