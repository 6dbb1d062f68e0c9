import CIIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A libiio context: one machine's IIO devices, reached locally, over the network, over USB or described by XML.
///
/// ## Confinement
/// A context and everything obtained from it (``Device``, ``Channel``, ``Buffer``) belong to one thread or actor:
/// libiio contexts are not thread-safe, so these types are deliberately not `Sendable`. Create the context on the
/// thread that will use it (a capture thread, for streaming); only ``Buffer/Canceller`` may cross threads.
///
/// ## Blocking
/// Creating a context, reading and writing attributes, trigger calls and ``Buffer/refill()`` block: locally on sysfs
/// and the character device, on `ip:` contexts on the network round trip (bounded by ``setTimeout(milliseconds:)``,
/// default 5 s for network contexts). Everything else (names, channel lists, formats) is answered from memory.
///
/// The corresponding C type is `struct iio_context`.
public final class Context {
    let pointer: OpaquePointer
    /// The URI the context was created from (`local:`, `ip:host:port`, `usb:1.2.3`, `xml:path`), or the
    /// description of how it was made (`xml:<memory>`).
    public let uri: String

    /// Opens the context a URI names.
    ///
    /// Accepted forms: `local:` (this machine's `/sys/bus/iio`), `ip:HOST[:PORT]` (an `iiod` server, port 30431 by
    /// default), `usb:[BUS.ADDRESS[.INTERFACE]]`, `xml:PATH` (a context description file; its attributes cannot be
    /// read: every attribute call answers ``IIOErrno/notImplemented``). Blocks while the backend connects.
    ///
    /// - Throws: ``IIOError`` with operation `iio_create_context_from_uri`: ``IIOErrno/noSuchFileOrDirectory`` for a
    ///   local context without IIO, ``IIOErrno/connectionRefused`` for an `ip:` address nobody serves,
    ///   ``IIOErrno/notImplemented`` for an unknown scheme, ``IIOErrno/invalidArgument`` for an XML file that is
    ///   missing or malformed (with libxml2's complaint in ``IIOError/detail``).
    ///
    /// The corresponding C function is `iio_create_context_from_uri`.
    public init(uri: String) throws(IIOError) {
        let (created, complaint) = capturingStandardError { iio_create_context_from_uri(uri) }
        pointer = try nonNull(created, "iio_create_context_from_uri", ErrorSubject(uri: uri), detail: complaint)
        self.uri = uri
    }

    /// Creates a context from an XML description held in memory (as ``xml`` returns it). Attribute calls on it
    /// answer ``IIOErrno/notImplemented``.
    ///
    /// The corresponding C function is `iio_create_xml_context_mem`.
    public init(xml: String) throws(IIOError) {
        let (created, complaint) = capturingStandardError {
            xml.withCString { iio_create_xml_context_mem($0, strlen($0)) }
        }
        pointer = try nonNull(
            created, "iio_create_xml_context_mem", ErrorSubject(uri: "xml:<memory>"), detail: complaint)
        uri = "xml:<memory>"
    }

    deinit {
        iio_context_destroy(pointer)
    }

    /// The backend's name: `local`, `network`, `usb` or `xml`.
    ///
    /// The corresponding C function is `iio_context_get_name`.
    public var name: String { optionalString(iio_context_get_name(pointer)) ?? "" }

    /// A human description of the context (kernel version for local, the remote's description for network).
    ///
    /// The corresponding C function is `iio_context_get_description`.
    public var contextDescription: String { optionalString(iio_context_get_description(pointer)) ?? "" }

    /// True for a context on this machine's sysfs (`local:`), where sysfs and udev files can be consulted directly.
    public var isLocal: Bool { name == "local" }

    /// The context's XML description (what `iio_info -x` prints).
    ///
    /// The corresponding C function is `iio_context_get_xml`.
    public var xml: String { optionalString(iio_context_get_xml(pointer)) ?? "" }

    /// The backend's version (for network contexts, the remote iiod's libiio).
    ///
    /// The corresponding C function is `iio_context_get_version`.
    public func version() throws(IIOError) -> LibraryVersion {
        var major: UInt32 = 0
        var minor: UInt32 = 0
        var tag = [CChar](repeating: 0, count: 8)
        try check(iio_context_get_version(pointer, &major, &minor, &tag), "iio_context_get_version", ErrorSubject())
        return LibraryVersion(major: Int(major), minor: Int(minor), gitTag: terminatedString(tag))
    }

    /// The context attributes (`local,kernel`, `hw_model`, `hw_serial`, `uri`, `ip,ip-addr`, …) in libiio's order.
    ///
    /// The corresponding C functions are `iio_context_get_attrs_count` and `iio_context_get_attr`.
    public var attributes: [(name: String, value: String)] {
        (0..<iio_context_get_attrs_count(pointer)).compactMap { index in
            var name: UnsafePointer<CChar>?
            var value: UnsafePointer<CChar>?
            guard iio_context_get_attr(pointer, index, &name, &value) == 0, let name, let value else { return nil }
            return (String(cString: name), String(cString: value))
        }
    }

    /// The value of one context attribute, or nil.
    ///
    /// The corresponding C function is `iio_context_get_attr_value`.
    public func attribute(_ name: String) -> String? {
        optionalString(iio_context_get_attr_value(pointer, name))
    }

    /// Every device of the context, triggers included, in libiio's order.
    ///
    /// The corresponding C functions are `iio_context_get_devices_count` and `iio_context_get_device`.
    public var devices: [Device] {
        (0..<iio_context_get_devices_count(pointer)).compactMap { index in
            iio_context_get_device(pointer, index).map { Device(pointer: $0, context: self) }
        }
    }

    /// The device whose id (`iio:device0`), label or name matches, or nil.
    ///
    /// The corresponding C function is `iio_context_find_device`.
    public func device(named name: String) -> Device? {
        iio_context_find_device(pointer, name).map { Device(pointer: $0, context: self) }
    }

    /// Sets how long blocking calls (network round trips, USB transfers, ``Buffer/refill()``) may wait; 0 waits
    /// forever. Local contexts apply it to buffer refills.
    ///
    /// The corresponding C function is `iio_context_set_timeout`.
    public func setTimeout(milliseconds: UInt32) throws(IIOError) {
        try check(iio_context_set_timeout(pointer, milliseconds), "iio_context_set_timeout", ErrorSubject(uri: uri))
    }

    /// The libiio library this program runs against.
    ///
    /// The corresponding C function is `iio_library_get_version`.
    public static var libraryVersion: LibraryVersion {
        var major: UInt32 = 0
        var minor: UInt32 = 0
        var tag = [CChar](repeating: 0, count: 8)
        iio_library_get_version(&major, &minor, &tag)
        return LibraryVersion(major: Int(major), minor: Int(minor), gitTag: terminatedString(tag))
    }

    /// True when libiio was built with the backend (`local`, `xml`, `ip`, `usb`, `serial`).
    ///
    /// The corresponding C function is `iio_has_backend`.
    public static func hasBackend(_ name: String) -> Bool { iio_has_backend(name) }

    /// Lists the contexts libiio can find: local, USB and (when Avahi runs) network ones. Blocks while it scans.
    ///
    /// - Parameter backends: comma-separated backends to scan (`"local,usb"`), or nil for all.
    ///
    /// The corresponding C functions are `iio_create_scan_context` and `iio_scan_context_get_info_list`.
    public static func scan(backends: String? = nil) throws(IIOError) -> [ContextInfo] {
        let scanner = try nonNull(
            iio_create_scan_context(backends, 0), "iio_create_scan_context", ErrorSubject())
        defer { iio_scan_context_destroy(scanner) }
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = try check(
            iio_scan_context_get_info_list(scanner, &list), "iio_scan_context_get_info_list", ErrorSubject())
        guard let list else { return [] }
        defer { iio_context_info_list_free(list) }
        return (0..<count).compactMap { index in
            guard let info = list[index] else { return nil }
            return ContextInfo(
                uri: optionalString(iio_context_info_get_uri(info)) ?? "",
                description: optionalString(iio_context_info_get_description(info)) ?? "")
        }
    }
}
