import CIIO

/// An IIO device of a context: a sensor (`bmi160`, `accel_3d`) or a trigger (`accel_3d-dev0`).
///
/// A value type that keeps its ``Context`` alive; like the context it is confined to one thread or actor.
/// Attribute reads and writes and trigger calls block (see ``Context``).
///
/// The corresponding C type is `struct iio_device`.
public struct Device {
    let pointer: OpaquePointer
    /// The context the device belongs to.
    public let context: Context

    init(pointer: OpaquePointer, context: Context) {
        self.pointer = pointer
        self.context = context
    }

    /// The kernel's id, `iio:device0` or `trigger0`; not stable across reboots.
    ///
    /// The corresponding C function is `iio_device_get_id`.
    public var id: String { optionalString(iio_device_get_id(pointer)) ?? "" }

    /// The driver's name for it (`bmi160`, `accel_3d`, `lsm6dsm_accel`), or nil.
    ///
    /// The corresponding C function is `iio_device_get_name`.
    public var name: String? { optionalString(iio_device_get_name(pointer)) }

    /// The device-tree or ACPI label (`accel-display`), or nil.
    ///
    /// The corresponding C function is `iio_device_get_label`.
    public var label: String? { optionalString(iio_device_get_label(pointer)) }

    /// True when the device is a trigger (`triggerN`), not a sensor.
    ///
    /// The corresponding C function is `iio_device_is_trigger`.
    public var isTrigger: Bool { iio_device_is_trigger(pointer) }

    /// The device's channels, input and output, in libiio's order.
    ///
    /// The corresponding C functions are `iio_device_get_channels_count` and `iio_device_get_channel`.
    public var channels: [Channel] {
        (0..<iio_device_get_channels_count(pointer)).compactMap { index in
            iio_device_get_channel(pointer, index).map { Channel(pointer: $0, device: self) }
        }
    }

    /// The channel with this id (`accel_x`) or name, input unless `output` is true; nil when there is none.
    ///
    /// The corresponding C function is `iio_device_find_channel`.
    public func channel(_ id: String, output: Bool = false) -> Channel? {
        iio_device_find_channel(pointer, id, output).map { Channel(pointer: $0, device: self) }
    }

    /// The attribute names of one namespace, in libiio's order.
    ///
    /// The corresponding C functions are `iio_device_get_attr`, `iio_device_get_buffer_attr` and
    /// `iio_device_get_debug_attr` with their `…_count` functions.
    public func attributes(_ kind: AttributeKind = .device) -> [String] {
        switch kind {
        case .device:
            (0..<iio_device_get_attrs_count(pointer)).compactMap { optionalString(iio_device_get_attr(pointer, $0)) }
        case .buffer:
            (0..<iio_device_get_buffer_attrs_count(pointer)).compactMap {
                optionalString(iio_device_get_buffer_attr(pointer, $0))
            }
        case .debug:
            (0..<iio_device_get_debug_attrs_count(pointer)).compactMap {
                optionalString(iio_device_get_debug_attr(pointer, $0))
            }
        }
    }

    /// True when the device has the attribute in that namespace (no I/O).
    public func hasAttribute(_ name: String, _ kind: AttributeKind = .device) -> Bool {
        switch kind {
        case .device: iio_device_find_attr(pointer, name) != nil
        case .buffer: iio_device_find_buffer_attr(pointer, name) != nil
        case .debug: iio_device_find_debug_attr(pointer, name) != nil
        }
    }

    /// Reads an attribute's text (without its trailing newline). Blocks.
    ///
    /// - Throws: ``IIOError`` naming the device and attribute: ``IIOErrno/notImplemented`` on `xml:` contexts,
    ///   ``IIOErrno/permissionDenied`` for root-only attributes, ``IIOErrno/invalidArgument`` when the driver
    ///   cannot answer in its current state, ``IIOErrno/noSuchDevice`` when the device went away.
    ///
    /// The corresponding C functions are `iio_device_attr_read`, `iio_device_buffer_attr_read` and
    /// `iio_device_debug_attr_read`.
    public func readAttribute(_ name: String, _ kind: AttributeKind = .device) throws(IIOError) -> String {
        let subject = ErrorSubject(device: pointer, attribute: name)
        switch kind {
        case .device:
            return try readText("iio_device_attr_read", subject) { iio_device_attr_read(pointer, name, $0, $1) }
        case .buffer:
            return try readText("iio_device_buffer_attr_read", subject) {
                iio_device_buffer_attr_read(pointer, name, $0, $1)
            }
        case .debug:
            return try readText("iio_device_debug_attr_read", subject) {
                iio_device_debug_attr_read(pointer, name, $0, $1)
            }
        }
    }

    /// Reads an attribute and parses it as `Value` (`Int`, `Double`, `Bool`, `String`). Blocks.
    ///
    /// - Throws: the errors of ``readAttribute(_:_:)``, or an ``IIOError`` with ``IIOErrno/invalidArgument`` and
    ///   ``IIOError/value`` set when the text does not parse.
    public func readAttribute<Value: AttributeValue>(
        _ name: String, _ kind: AttributeKind = .device, as type: Value.Type
    ) throws(IIOError) -> Value {
        let text = try readAttribute(name, kind)
        guard let value = Value(attributeText: text) else {
            var error = ErrorSubject(device: pointer, attribute: name).error("parse \(Value.self)", invalidArgumentCode)
            error.value = text
            throw error
        }
        return value
    }

    /// Writes an attribute (`value.attributeText`). Blocks.
    ///
    /// - Throws: ``IIOError``: ``IIOErrno/permissionDenied`` without write access (see the udev rules),
    ///   ``IIOErrno/invalidArgument`` for a value the driver rejects, ``IIOErrno/busy`` while a buffer runs.
    ///
    /// The corresponding C functions are `iio_device_attr_write`, `iio_device_buffer_attr_write` and
    /// `iio_device_debug_attr_write`.
    public func writeAttribute(_ name: String, _ kind: AttributeKind = .device, value: some AttributeValue)
        throws(IIOError)
    {
        let text = value.attributeText
        let subject = ErrorSubject(device: pointer, attribute: name)
        switch kind {
        case .device:
            try check(iio_device_attr_write(pointer, name, text), "iio_device_attr_write", subject)
        case .buffer:
            try check(iio_device_buffer_attr_write(pointer, name, text), "iio_device_buffer_attr_write", subject)
        case .debug:
            try check(iio_device_debug_attr_write(pointer, name, text), "iio_device_debug_attr_write", subject)
        }
    }

    /// The device's current trigger, or nil when none is set. Blocks.
    ///
    /// - Throws: ``IIOError``: ``IIOErrno/notImplemented`` on `xml:` contexts; through iiod a device without trigger
    ///   support may answer ``IIOErrno/ioError`` instead of "none" (callers that only want to know usually treat
    ///   both as no trigger).
    ///
    /// The corresponding C function is `iio_device_get_trigger`.
    public func trigger() throws(IIOError) -> Device? {
        var trigger: OpaquePointer?
        try check(iio_device_get_trigger(pointer, &trigger), "iio_device_get_trigger", ErrorSubject(device: pointer))
        return trigger.map { Device(pointer: $0, context: context) }
    }

    /// Sets (or with nil, clears) the device's trigger. Blocks.
    ///
    /// The corresponding C function is `iio_device_set_trigger`.
    public func setTrigger(_ trigger: Device?) throws(IIOError) {
        try check(
            iio_device_set_trigger(pointer, trigger?.pointer), "iio_device_set_trigger",
            ErrorSubject(device: pointer, attribute: "trigger/current_trigger"))
    }

    /// The size of one sample in bytes with the currently enabled channels (changes when channels are enabled).
    ///
    /// The corresponding C function is `iio_device_get_sample_size`.
    public func sampleSize() throws(IIOError) -> Int {
        try check(iio_device_get_sample_size(pointer), "iio_device_get_sample_size", ErrorSubject(device: pointer))
    }

    /// Sets how many kernel blocks back the next buffer (default 4). Local and USB contexts only.
    ///
    /// The corresponding C function is `iio_device_set_kernel_buffers_count`.
    public func setKernelBuffersCount(_ count: Int) throws(IIOError) {
        try check(
            iio_device_set_kernel_buffers_count(pointer, UInt32(clamping: count)),
            "iio_device_set_kernel_buffers_count", ErrorSubject(device: pointer))
    }

    /// Creates and enables a capture buffer over the enabled scan channels (enable them first with
    /// ``Channel/enable()``). Blocks while the kernel buffer is set up.
    ///
    /// - Parameters:
    ///   - samples: samples per refill (the kernel buffer length); at least 1.
    ///   - cyclic: true for an output buffer that repeats; capture uses false.
    /// - Throws: ``IIOError``: ``IIOErrno/invalidArgument`` when no channel is enabled or the driver needs a trigger
    ///   and has none (bmi160 without IRQ), ``IIOErrno/busy`` when someone else captures,
    ///   ``IIOErrno/permissionDenied`` without rw access to `/dev/iio:deviceN`, ``IIOErrno/notImplemented`` on `xml:`.
    ///
    /// The corresponding C function is `iio_device_create_buffer`.
    public func createBuffer(samples: Int, cyclic: Bool = false) throws(IIOError) -> Buffer {
        guard samples > 0 else {
            throw ErrorSubject(device: pointer, attribute: "buffer/length").error("iio_device_create_buffer", invalidArgumentCode)
        }
        let created = try nonNull(
            iio_device_create_buffer(pointer, samples, cyclic), "iio_device_create_buffer",
            ErrorSubject(device: pointer))
        return Buffer(pointer: created, device: self)
    }
}

extension Device: Equatable {
    /// Two values are equal when they denote the same libiio device of the same context.
    public static func == (lhs: Device, rhs: Device) -> Bool { lhs.pointer == rhs.pointer }
}

extension Device: CustomStringConvertible {
    /// `iio:device0 (bmi160)`.
    public var description: String { name.map { "\(id) (\($0))" } ?? id }
}
