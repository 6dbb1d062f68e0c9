import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with file descriptor 2 redirected to a temporary file and returns the first line written there.
///
/// libxml2, which libiio uses for `xml:` contexts, prints its parse errors straight to stderr; a CLI that promises
/// one-line errors has to catch them and fold them into the `IIOError`. Other threads writing to stderr during the
/// call lose their output to the capture: context creation is rare and normally happens before any streaming.
/// Captures are serialised process-wide, so that two threads creating contexts cannot leave fd 2 redirected.
func capturingStandardError<R>(_ body: () -> R) -> (result: R, firstLine: String?) {
    standardErrorLock.lock()
    defer { standardErrorLock.unlock() }
    let saved = dup(2)
    var template = Array("/tmp/bodyreadings-stderr-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard saved >= 0, file >= 0 else {
        if saved >= 0 { try? SystemCall.close(saved) }
        if file >= 0 { try? SystemCall.close(file) }
        return (body(), nil)
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    fflush(nil)
    dup2(file, 2)
    let result = body()
    fflush(nil)
    dup2(saved, 2)
    try? SystemCall.close(saved)
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
    try? SystemCall.close(file)
    guard count > 0 else { return (result, nil) }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    let line = text.split(separator: "\n").first.map(String.init)
    return (result, line)
}

/// Serialises ``capturingStandardError(_:)``.
private let standardErrorLock = ThreadLock()
