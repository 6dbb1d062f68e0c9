import ReadingFormats
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// Finds a running `bodyreadings serve`, for the hint that names `--source serve` when the sensors are busy.
enum RunningService {
    /// The socket of a service that accepts connections (the user's, else the system's), or nil.
    static func socket(environment: [String: String]) -> String? {
        for path in ServiceSocketPath.candidates(environment: environment) where FileSystem.exists(path) {
            if let descriptor = try? UnixSocket.connect(path: path) {
                try? SystemCall.close(descriptor)
                return path
            }
        }
        return nil
    }
}
