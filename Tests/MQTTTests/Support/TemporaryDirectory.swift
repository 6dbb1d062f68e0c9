import Foundation

/// Fresh directories under the system's temporary directory.
enum TemporaryDirectory {
    /// Creates `…/bodyreadings-<prefix>-XXXXXX` (mode 0700) and returns it.
    static func make(prefix: String) throws -> URL {
        var template = Array((NSTemporaryDirectory() + "bodyreadings-\(prefix)-XXXXXX").utf8CString)
        guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return URL(fileURLWithPath: String(cString: path), isDirectory: true)
    }
}
