// Little-endian packing shared by the HID reports, the uhid events and the BMI160 registers.

/// `value` as `bytes` little-endian bytes.
func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
}

/// Byte-array access in little-endian order.
extension Array where Element == UInt8 {
    /// Overwrites `bytes.count` bytes from `offset`.
    mutating func replace(at offset: Int, with bytes: [UInt8]) {
        replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }

    /// The little-endian UInt32 at `offset`.
    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }
}
