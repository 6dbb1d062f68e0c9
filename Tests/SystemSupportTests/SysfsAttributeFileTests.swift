import Foundation
import Testing

@testable import SystemSupport

/// `SysfsAttributeFile` reads with `pread(2)` through the funnel: a failing read throws a `SystemError` with its
/// errno and the path.
@Suite struct SysfsAttributeFileTests {
    @Test func aFailedReadThrowsItsErrnoAndPath() throws {
        // A directory opens read-only but cannot be read: EISDIR, standing in for ENODEV from an unplugged device.
        let path = NSTemporaryDirectory()
        let file = try #require(SysfsAttributeFile(path: path))
        #expect(throws: SystemError(operation: "pread", errno: SystemErrno(rawValue: EISDIR), path: path)) {
            try file.readText()
        }
        #expect(SystemError(operation: "pread", errno: .noSuchDevice).reason == String(cString: strerror(ENODEV)))
    }

    @Test func theTextIsTrimmedOfSpacesAndLineEnds() throws {
        let path = NSTemporaryDirectory() + "bodyreadings-attribute-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try " \t-0.5 \r\n".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try #require(SysfsAttributeFile(path: path))
        #expect(try file.readText() == "-0.5")
        #expect(try file.readDouble() == -0.5)
        try " \n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try file.readText() == "")
    }
}
