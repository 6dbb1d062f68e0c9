import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when the value goes
/// away. Each test (or suite instance) makes its own, so parallel tests never share files.
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Creates `<tmp>/<prefix>-<UUID>`.
    public init(prefix: String) throws {
        path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory (nothing is created).
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
