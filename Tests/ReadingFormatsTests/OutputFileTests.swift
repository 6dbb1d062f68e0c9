import Foundation
import ReadingFormats
import Testing

/// `OutputFile`: the target changes only at `close()`; `abandon()` keeps an existing file and only whole lines of
/// a new one.
@Suite struct OutputFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "output-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    @Test(
        "a symbolic link another user planted in a shared directory is refused, the target untouched",
        .enabled(if: getuid() == 0, "needs root to make a link of another user"))
    func plantedLinkInASharedDirectoryIsRefused() throws {
        #expect(chmod(directory, 0o1777) == 0)
        let victim = directory + "/victim"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let path = directory + "/out.csv"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        #expect(lchown(path, 65534, 65534) == 0)
        #expect(throws: OutputFileError(path: path, operation: .untrustedLink, errno: 0)) {
            _ = try OutputFile(path: path)
        }
        #expect(text(victim) == "precious\n")
        // A link of this user is followed as before.
        #expect(lchown(path, getuid(), getgid()) == 0)
        let file = try OutputFile(path: path)
        try file.write(Array("a\n".utf8))
        try file.close()
        #expect(text(victim) == "a\n")
    }

    @Test func targetChangesOnlyAtClose() throws {
        let path = directory + "/out.csv"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let file = try OutputFile(path: path)
        try file.write(Array("a,b\n1,2\n".utf8))
        #expect(text(path) == "old\n")
        try file.close()
        #expect(text(path) == "a,b\n1,2\n")
        #expect(try names() == ["out.csv"])
    }

    @Test func abandonKeepsAnExistingFile() throws {
        let path = directory + "/out.csv"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let file = try OutputFile(path: path)
        try file.write(Array("a,b\n1,2\n".utf8))
        #expect(file.abandon() == .unchanged(existed: true))
        #expect(text(path) == "old\n")
        #expect(try names() == ["out.csv"])
    }

    @Test func abandonKeepsTheWholeLinesOfANewFile() throws {
        let path = directory + "/new.csv"
        let file = try OutputFile(path: path)
        try file.write(Array("a,b\n1,2\n3,".utf8))
        try file.write(Array("4\n5,6".utf8))
        #expect(file.abandon() == .prefix(lines: 3))
        #expect(text(path) == "a,b\n1,2\n3,4\n")
    }

    @Test func nothingWrittenCreatesNothing() throws {
        let path = directory + "/new.csv"
        do {
            let file = try OutputFile(path: path)
            _ = file
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try names() == [])
    }

    @Test func aFailedWriteIsCutBack() throws {
        // A device is written in place; /dev/full fails every write: nothing of it is counted as written.
        let file = try OutputFile(path: "/dev/full")
        #expect(throws: OutputFileError.self) { try file.write(Array("a\n".utf8)) }
        #expect(file.abandon() == .prefix(lines: 0))
    }

    @Test func sameFileAsInputRefusedBeforeOpening() throws {
        let path = directory + "/in.csv"
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: path))
        let link = directory + "/alias.csv"
        try FileManager.default.linkItem(atPath: path, toPath: link)
        #expect(throws: OutputFileError(path: link, operation: .sameFileAsInput(path), errno: 0)) {
            try OutputFile(path: link, inputs: ["other.csv", path])
        }
        #expect(text(path) == "x\n")
        #expect(try names() == ["alias.csv", "in.csv"])
    }
}
