import ReadingFormats
import Sensors

/// Capture failures end a command with their cause, the fix where there is one, and the sysexits status of their
/// kind (docs/exit-codes.md).
///
/// | Kind | Exit | Fix named |
/// |---|---|---|
/// | no motion sensors | 69 | `--source sim` |
/// | not found, vanished | 69 | |
/// | busy | 69 | `--source serve` when a service runs, else stop iio-sensor-proxy |
/// | in use by another bodyreadings capture | 69 | stop it, or share one capture through `serve` and `--source serve` |
/// | a full service | 69 | try later, or a larger `--max-clients` |
/// | permission denied | 77 | `DeviceAccessFix`: udev rules and group `iio` |
/// | malformed input | 65 | |
/// | I/O | 74 | |
/// | invalid request | 64 | |
/// | internal error | 70 | |
extension CaptureError: CLIErrorConvertible {
    /// The error as this process would report it (the sockets where its environment puts them).
    public var cliError: CLIError { cliError(environment: ServiceSocketPath.processEnvironment) }

    /// The error, with a busy sensor's fix naming the service that runs where `environment` puts its socket.
    public func cliError(environment: [String: String]) -> CLIError {
        let socket = kind == .busy || kind == .inUse ? RunningService.socket(environment: environment) : nil
        let fix = fix(runningService: socket)
        return CLIError(fix.map { "\(message); \($0)" } ?? message, exitCode: exitCode)
    }

    /// The status for this failure's kind.
    var exitCode: ExitCode {
        switch kind {
        case .noMotionSensors, .notFound, .vanished, .busy, .inUse, .full: .unavailable
        case .permissionDenied: .noPermission
        case .malformedInput: .dataError
        case .io: .ioError
        case .invalidRequest: .usage
        case .internalError: .software
        }
    }

    /// The fix, given the socket of a running service (busy sensors are then most likely held by it).
    func fix(runningService socket: String?) -> String? {
        switch kind {
        case .noMotionSensors:
            "try '--source sim' for the built-in simulated IMU"
        case .permissionDenied:
            DeviceAccessFix.text
        case .busy:
            if let socket {
                "a bodyreadings service holds the sensors (\(socket)): read through it with --source serve"
            } else {
                "the buffer is held by another process (likely iio-sensor-proxy: try 'systemctl stop iio-sensor-proxy')"
            }
        case .inUse:
            if let socket {
                "a bodyreadings service holds the device (\(socket)): read through it with --source serve"
            } else {
                "stop that process, or share one capture: run 'bodyreadings serve' and read with --source serve"
            }
        case .full:
            "try again when a client has left, or start the service with a larger --max-clients"
        case .notFound, .vanished, .malformedInput, .io, .invalidRequest, .internalError:
            nil
        }
    }
}
