/// A HID report descriptor assembled from typed items.
///
/// `ReportDescriptor` is a small builder: append items (or groups of items) and read ``bytes``. It keeps the
/// descriptor as items, not as a hex blob, so that the sensor hub's layout can be read against the HID Sensor
/// Usage Tables (HUTRR39b) and checked by tests.
public struct ReportDescriptor: Equatable, Sendable {
    /// The items in descriptor order.
    public private(set) var items: [HIDItem] = []

    /// An empty descriptor.
    public init() {}

    /// Appends items in order.
    public mutating func append(_ newItems: HIDItem...) {
        items.append(contentsOf: newItems)
    }

    /// Appends items in order.
    public mutating func append(contentsOf newItems: [HIDItem]) {
        items.append(contentsOf: newItems)
    }

    /// Appends a collection: its usage, the opening item, the body, and the closing item.
    public mutating func collection(
        usage: UInt16, kind: HIDItem.CollectionKind, body: (inout ReportDescriptor) -> Void
    ) {
        append(.usage(usage), .collection(kind))
        body(&self)
        append(.endCollection)
    }

    /// The encoded descriptor, as `UHID_CREATE2` sends it.
    public var bytes: [UInt8] {
        items.flatMap(\.bytes)
    }
}
