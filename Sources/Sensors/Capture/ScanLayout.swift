/// Where each enabled scan element sits in one buffer sample, computed as the kernel does
/// (`iio_compute_scan_bytes` in drivers/iio/industrialio-buffer.c): elements in scan-index order, each aligned to its
/// own size (storage bytes × repeat), and the sample padded to a multiple of the largest element.
///
/// For a HID sensor hub accelerometer (`le:s32/32>>0` × 3 and a `le:s64/64>>0` timestamp) this gives offsets
/// 0, 4, 8, 16 and a 24-byte sample.
public struct ScanLayout: Sendable, Hashable {
    /// Byte offset of each element, in the order given.
    public let offsets: [Int]
    /// Bytes per sample (the buffer's step).
    public let sampleSize: Int

    /// The layout of `formats`, which must be the enabled elements sorted by scan index.
    public init(formats: [ScanFieldFormat]) {
        var offsets: [Int] = []
        var size = 0
        var largest = 1
        for format in formats {
            let length = max(1, format.elementBytes)
            size = (size + length - 1) / length * length
            offsets.append(size)
            size += length
            largest = max(largest, length)
        }
        self.offsets = offsets
        self.sampleSize = formats.isEmpty ? 0 : (size + largest - 1) / largest * largest
    }
}
