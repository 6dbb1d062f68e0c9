#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes two paths the same file: the device and inode numbers `stat` reports. Two names for one file — a
/// symbolic link, a hard link, `/dev/stdin` — have the same identity, which comparing path strings cannot see.
package struct FileIdentity: Sendable, Hashable {
    /// The device holding the file (`st_dev`).
    package var device: UInt64
    /// The file's inode number on that device (`st_ino`).
    package var inode: UInt64

    /// The identity of the file `path` names (symbolic links followed), or nil when it does not exist or cannot be
    /// reached. The corresponding C function is `stat`.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file open on `descriptor`, or nil when it cannot be examined. The corresponding C
    /// function is `fstat`.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
