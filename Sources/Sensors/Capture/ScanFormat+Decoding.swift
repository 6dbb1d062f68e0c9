import IIO

extension ScanFormat {
    /// Bytes of one storage word.
    @inlinable
    public var storageBytes: Int { storageBits / 8 }

    /// True when the decoder below reads this format: storage of 8, 16, 32 or 64 bits, 1…storage bits of value
    /// above the shift, a repeat count of at least 1.
    public var isDecodable: Bool {
        [8, 16, 32, 64].contains(storageBits) && bits >= 1 && bits <= storageBits && shift >= 0
            && shift + bits <= storageBits && repeatCount >= 1
    }

    /// The value of repeat `element` of this field, stored at byte `offset` of `bytes` (a buffer's samples, read in
    /// place): the storage word in the field's byte order, shifted right by `shift`, masked to `bits` and
    /// sign-extended from bit `bits - 1` when signed. Masking matters: HID sensor hubs deliver `le:s16/32>>0` fields
    /// whose upper half carries the neighbouring field's bytes.
    ///
    /// An unsigned 64-bit value above `Int64.max` comes back as its bit pattern.
    /// Precondition: `isDecodable` and `offset + (element + 1) × storageBytes ≤ bytes.count`.
    @inlinable
    public func integer(in bytes: UnsafeRawBufferPointer, at offset: Int, element: Int = 0) -> Int64 {
        let start = offset + element * storageBytes
        let word: UInt64
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
        var value = word >> UInt64(shift)
        if bits < 64 {
            let mask = (UInt64(1) << UInt64(bits)) &- 1
            value &= mask
            if isSigned, value & (UInt64(1) << UInt64(bits - 1)) != 0 {
                value |= ~mask
            }
        }
        return Int64(bitPattern: value)
    }

    /// `integer(in:at:element:)` as a Double; exact up to rounding for unsigned 64-bit values too.
    @inlinable
    public func value(in bytes: UnsafeRawBufferPointer, at offset: Int, element: Int = 0) -> Double {
        let integer = integer(in: bytes, at: offset, element: element)
        if !isSigned && bits == 64 { return Double(UInt64(bitPattern: integer)) }
        return Double(integer)
    }
}
