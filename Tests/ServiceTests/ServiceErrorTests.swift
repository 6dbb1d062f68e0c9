import SystemSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import Service

/// A socket that cannot be created is reported in the C library's words, without the C function's name
/// or `(errno N)`.
@Suite("ServiceError: socket failures in words")
struct ServiceErrorTests {
    @Test(arguments: [EROFS, EACCES, EIO])
    func aFailedSocketNamesItsCauseInWords(code: Int32) {
        let error = ServiceError(
            SystemError(operation: "bind", errno: SystemErrno(rawValue: code), path: "/x/s.sock"), path: "/x/s.sock")
        #expect(error.message == "cannot create the socket /x/s.sock: \(String(cString: strerror(code)))")
        #expect(!error.message.contains("errno") && !error.message.contains("bind"))
    }
}
