#if canImport(Glibc)
import Glibc
#endif

/// This process's environment variables, read from environ(7), for code that has no environment handed to it.
package enum ProcessEnvironment {
    /// The values of `names` that are set, by name.
    package static func values(_ names: [String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
