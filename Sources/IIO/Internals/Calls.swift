import CIIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one funnel between libiio's conventions and `IIOError`: negative return codes (`-errno`), NULL plus `errno`,
// and the fixed-size text buffers of attribute reads. Every C call of the module goes through these helpers.

/// What an error is about: filled from the device (and attribute) the call concerned.
struct ErrorSubject {
    var uri: String?
    var deviceID: String?
    var deviceName: String?
    var attribute: String?

    init(uri: String? = nil, device: OpaquePointer? = nil, attribute: String? = nil) {
        self.uri = uri
        if let device {
            deviceID = iio_device_get_id(device).map { String(cString: $0) }
            deviceName = iio_device_get_name(device).map { String(cString: $0) }
        }
        self.attribute = attribute
    }

    func error(_ operation: String, _ code: Int32, detail: String? = nil) -> IIOError {
        IIOError(
            operation: operation, errno: IIOErrno(rawValue: code), uri: uri, deviceID: deviceID,
            deviceName: deviceName, attribute: attribute, detail: detail)
    }
}

/// Returns `result` when it is not negative; otherwise throws `-result` as the error number.
@discardableResult
func check(_ result: Int32, _ operation: String, _ subject: @autoclosure () -> ErrorSubject) throws(IIOError)
    -> Int32
{
    guard result < 0 else { return result }
    throw subject().error(operation, -result)
}

/// Returns `result` when it is not negative; otherwise throws `-result` as the error number (`ssize_t` calls).
@discardableResult
func check(_ result: Int, _ operation: String, _ subject: @autoclosure () -> ErrorSubject) throws(IIOError) -> Int {
    guard result < 0 else { return result }
    throw subject().error(operation, Int32(clamping: -result))
}

/// Returns the pointer, or throws the `errno` a NULL-returning libiio call left behind.
func nonNull(
    _ pointer: OpaquePointer?, _ operation: String, _ subject: @autoclosure () -> ErrorSubject,
    detail: String? = nil
) throws(IIOError) -> OpaquePointer {
    if let pointer { return pointer }
    let code = errno
    throw subject().error(operation, code == 0 ? EIO : code, detail: detail)
}

/// Size of the text buffer for attribute reads: sysfs attributes are at most one page (4096 bytes).
let attributeBufferSize = 8192

/// Runs a libiio read call that fills a C string buffer and returns a length or `-errno`; returns the text.
func readText(
    _ operation: String, _ subject: @autoclosure () -> ErrorSubject,
    _ call: (UnsafeMutablePointer<CChar>, Int) -> Int
) throws(IIOError) -> String {
    var buffer = [CChar](repeating: 0, count: attributeBufferSize)
    let result = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    try check(result, operation, subject())
    buffer[attributeBufferSize - 1] = 0
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}

/// The C string as a Swift string, or nil for NULL.
func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// `EINVAL` for errors the Swift layer raises itself (bad arguments, unparsable text).
let invalidArgumentCode: Int32 = EINVAL

/// The text of a fixed-size C character array up to its first NUL.
func terminatedString(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
