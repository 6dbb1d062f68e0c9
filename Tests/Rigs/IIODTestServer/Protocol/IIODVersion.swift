/// The libiio version the test server claims, as Debian bookworm's iiod 0.24 reports it.
enum IIODVersion {
    static let major = 0
    static let minor = 24
    /// `LIBIIO_VERSION_GIT` of Debian's build.
    static let git = "v0.24"
    /// The `VERSION` answer: iiod formats it with `%u.%u.%-7.7s\n`.
    static var line: String {
        let padded = git.count >= 7 ? String(git.prefix(7)) : git + String(repeating: " ", count: 7 - git.count)
        return "\(major).\(minor).\(padded)\n"
    }
}
