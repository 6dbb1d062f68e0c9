import IIO

/// Where each enabled channel's bytes sit in one sample of an IIO buffer, worked out from the scan formats alone.
///
/// The kernel's rule (`iio_compute_scan_bytes` in `drivers/iio/industrialio-buffer.c`), which libiio follows
/// (`iio_device_get_sample_size_mask`, `iio_buffer_first`): the enabled channels in scan-index order, each aligned
/// to its own length (storage bytes × repeat count) and placed after the previous one; channels sharing a scan
/// index share their bytes; the sample is padded to a multiple of its longest channel. A HID hub's
/// `accel_x/y/z` (`le:s32/32>>0`) and `timestamp` (`le:s64/64>>0`) sit at bytes 0, 4, 8 and 16 of 24.
///
/// Nothing here assumes a timestamp channel or three axes: any set of scan elements lays out the same way.
struct ScanLayout: Equatable {
    /// One enabled scan element: what the layout is computed from.
    struct Element: Equatable {
        /// The channel id (`accel_x`, `timestamp`).
        var id: String
        /// Its `scan_elements/*_index`.
        var scanIndex: Int
        /// Its `scan_elements/*_type`.
        var format: ScanFormat
    }

    /// One channel's place in a sample.
    struct Field: Equatable {
        /// How its value is stored.
        var format: ScanFormat
        /// Where its bytes start, counted from the start of the sample.
        var offset: Int

        /// The byte after its last one.
        var end: Int { offset + format.byteCount }
    }

    /// The field of each enabled channel, by channel id.
    let fields: [String: Field]
    /// Bytes from one sample to the next.
    let sampleSize: Int

    /// Lays out `elements` (any order; they are sorted by scan index). Nil when one of them has a storage size
    /// of zero, or is longer than the channel whose scan index it shares: libiio sizes the sample from the first
    /// channel of each index, so the longer one would reach past its sample (a malformed or hostile device
    /// description; found by fuzzing, `fuzz-scan-decoder`).
    init?(elements: [Element]) {
        var fields: [String: Field] = [:]
        var size = 0
        var largest = 1
        var previous: Field?
        var previousIndex: Int?
        for element in elements.sorted(by: { $0.scanIndex < $1.scanIndex }) {
            let length = element.format.byteCount
            guard length > 0 else { return nil }
            if element.scanIndex == previousIndex, let previous {
                guard length <= previous.format.byteCount else { return nil }
                fields[element.id] = Field(format: element.format, offset: previous.offset)
                continue
            }
            size = (size + length - 1) / length * length
            let field = Field(format: element.format, offset: size)
            fields[element.id] = field
            size += length
            largest = max(largest, length)
            previous = field
            previousIndex = element.scanIndex
        }
        self.fields = fields
        self.sampleSize = (size + largest - 1) / largest * largest
    }

    /// The field of channel `id`, nil when it is not enabled.
    subscript(id: String) -> Field? { fields[id] }
}
