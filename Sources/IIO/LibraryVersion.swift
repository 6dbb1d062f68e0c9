/// A libiio version: the library's or a context backend's.
public struct LibraryVersion: Sendable, Hashable, CustomStringConvertible {
    /// Major version (0 for libiio 0.24).
    public var major: Int
    /// Minor version (24 for libiio 0.24).
    public var minor: Int
    /// The git tag or hash it was built from (at most 7 characters).
    public var gitTag: String

    public init(major: Int, minor: Int, gitTag: String) {
        self.major = major
        self.minor = minor
        self.gitTag = gitTag
    }

    /// `0.24 (v0.24)`.
    public var description: String { "\(major).\(minor) (\(gitTag))" }
}
