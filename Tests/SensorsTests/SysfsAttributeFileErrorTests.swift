import Foundation
import Testing
@testable import Sensors

/// `SysfsAttributeFile` reads with `pread(2)`: a failing read throws its errno, described by `strerror`.
@Suite struct SysfsAttributeFileErrorTests {
    @Test func aFailedReadThrowsItsErrno() throws {
        // A directory opens read-only but cannot be read: EISDIR, standing in for ENODEV from an unplugged device.
        let file = try #require(SysfsAttributeFile(path: NSTemporaryDirectory()))
        #expect(throws: SysfsAttributeFile.ReadError(errno: EISDIR)) { try file.readText() }
        #expect("\(SysfsAttributeFile.ReadError(errno: ENODEV))" == String(cString: strerror(ENODEV)))
    }
}
