import Calibration
import Testing
@testable import BodyReadingsCLI

/// The library says what is wrong with a calibration file; the CLI's table adds what to do in its own commands and
/// options, and the exit status.
@Suite("calibration file errors: the CLI's fixes")
struct CalibrationFileErrorFixTests {
    @Test(arguments: [
        (CalibrationFileError.notFound(path: "/c/imu.json"), ExitCode.ioError, "'bodyreadings calibrate gyro"),
        (.unreadable(path: "/c/imu.json", reason: "Permission denied", permission: true), .noPermission,
            "its permissions, or where a link points"),
        (.truncated(path: "/c/imu.json"), .dataError, "'bodyreadings calibrate reset'"),
        (.corrupt(path: "/c/imu.json", detail: "no sensor"), .dataError, "Calibration/README.md"),
        (.unsupportedVersion(path: "/c/imu.json", found: 9, supported: 1), .dataError, "release that wrote it"),
        (.wrongSensor(path: "/c/imu.json", expected: "a", found: "b"), .dataError, "--calibration FILE (or --sensor ID)"),
        (.unwritableDirectory(directory: "/c", reason: "Read-only file system", permission: true), .noPermission,
            "mkdir -p '/c'"),
        (.writeFailed(path: "/c/imu.json", reason: "No space left on device"), .ioError, "free disk space"),
        (.removeFailed(path: "/etc/x.json", reason: "Permission denied", permission: true), .noPermission, "sudo"),
        (.notOurs(path: "/home/u/walk.csv"), .dataError, "name another file with --calibration FILE"),
    ] as [(CalibrationFileError, ExitCode, String)])
    func theMessageIsTheCauseThenTheFix(error: CalibrationFileError, status: ExitCode, fix: String) {
        #expect(!error.description.contains("bodyreadings ") && !error.description.contains("--"))
        #expect(error.cliError.message.hasPrefix(error.description + "; "))
        #expect(error.cliError.message.contains(fix))
        #expect(error.cliError.exitCode == status)
    }
}
