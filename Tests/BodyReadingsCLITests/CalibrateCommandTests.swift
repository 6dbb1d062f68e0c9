import BodyReadings
import Calibration
import Foundation
import MotionMath
import Testing
@testable import BodyReadingsCLI

/// Recordings with known injected sensor errors, written as CSV like `bodyreadings record --no-calibration` does.
enum InjectedErrors {
    static let gravity = 9.80665
    static let gyroscopeBias = Vector3(0.02, -0.015, 0.01)
    static let accelerometerOffset = Vector3(0.15, -0.1, 0.2)
    /// Correction matrix with scale errors and misalignment (what the six-position method recovers).
    static let accelerometerMatrix = Matrix3(rows: Vector3(1.030, 0.012, -0.008), Vector3(-0.006, 0.970, 0.015), Vector3(0.010, -0.004, 1.012))
    static let hardIron = Vector3(25.0, -12.0, 40.0)
    static let fieldStrength = 48.0
    /// Symmetric soft-iron correction, determinant 1.
    static var softIron: Matrix3 {
        let m = Matrix3(rows: Vector3(1.10, 0.05, -0.03), Vector3(0.05, 0.93, 0.04), Vector3(-0.03, 0.04, 1.00))
        return m * (1 / cbrt(m.determinant))
    }

    /// SplitMix64 with Box–Muller: the same noise on every machine.
    struct Noise {
        var random: SplitMix64
        mutating func gaussian() -> Double {
            (-2 * log(max(random.nextUniform(), 1e-300))).squareRoot() * cos(2 * Double.pi * random.nextUniform())
        }
        mutating func vector(_ sigma: Double) -> Vector3 { Vector3(gaussian(), gaussian(), gaussian()) * sigma }
    }

    static func rotate(_ v: Vector3, about k: Vector3, by angle: Double) -> Vector3 {
        let c = Vector3(k.y * v.z - k.z * v.y, k.z * v.x - k.x * v.z, k.x * v.y - k.y * v.x)
        return v * cos(angle) + c * sin(angle) + k * k.dot(v) * (1 - cos(angle))
    }

    static let faces: [Vector3] = [
        Vector3(0, 0, 1), Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, -1, 0), Vector3(0, 0, -1),
    ]

    /// Still in each of `directions` (gravity up in the device frame) for 3 s, 1 s turns between them, 100 Hz;
    /// raw = M⁻¹ f + offset (+ noise), gyro + bias; with `magnetometer`, the field follows a slow spiral over the
    /// whole sphere during the whole recording.
    static func samples(directions: [Vector3] = faces, magnetometer: Bool = false, seed: UInt64 = 7)
        -> [IMUSample]
    {
        var noise = Noise(random: SplitMix64(seed: seed))
        let inverse = accelerometerMatrix.inverse ?? .identity
        let softInverse = softIron.inverse ?? .identity
        var rows: [(gravity: Vector3, rate: Vector3)] = []
        for (index, raw) in directions.enumerated() {
            let face = raw / raw.norm
            for _ in 0..<300 { rows.append((face, .zero)) }
            guard index + 1 < directions.count else { break }
            let next = directions[index + 1] / (directions[index + 1]).norm
            var axis = Vector3(face.y * next.z - face.z * next.y, face.z * next.x - face.x * next.z,
                face.x * next.y - face.y * next.x)
            let sine = axis.norm
            axis = sine < 1e-9 ? Vector3(1, 0, 0) : axis / sine
            let angle = acos(max(-1, min(1, face.dot(next))))
            for step in 0..<100 {
                rows.append((rotate(face, about: axis, by: angle * Double(step) / 100), -axis * angle))
            }
        }
        return rows.enumerated().map { i, row in
            let accel = inverse * (row.gravity * gravity) + accelerometerOffset + noise.vector(0.03)
            let gyro = row.rate + gyroscopeBias + noise.vector(0.003)
            var magn: Vector3?
            if magnetometer {
                let progress = Double(i) / Double(rows.count)
                let theta = Double.pi * progress
                let phi = 2 * Double.pi * 25 * progress
                let b = Vector3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta)) * fieldStrength
                magn = softInverse * b + hardIron + noise.vector(0.3)
            }
            return IMUSample(t: 1000 + Double(i) / 100, accelerometer: accel, gyroscope: gyro,
                magnetometer: magn)
        }
    }

    /// The same as a recording (CSV, as `bodyreadings record --no-calibration` writes it).
    static func recording(magnetometer: Bool = false, seed: UInt64 = 7) -> String {
        var text = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z" + (magnetometer ? ",magn_x,magn_y,magn_z" : "")
            + "\n"
        for sample in samples(magnetometer: magnetometer, seed: seed) {
            let a = sample.accelerometer
            let g = sample.gyroscope
            var line = "\(sample.t),\(a.x),\(a.y),\(a.z),\(g.x),\(g.y),\(g.z)"
            if let m = sample.magnetometer { line += ",\(m.x),\(m.y),\(m.z)" }
            text += line + "\n"
        }
        return text
    }
}

/// The largest absolute component.

@Suite("calibrate command", .serialized)
struct CalibrateCommandTests {
    let sandbox: CalibrationSandbox
    var directory: String { sandbox.directory }
    var environment: [String: String] { sandbox.environment }

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibrate-cli")
    }

    func write(_ text: String, to name: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let (console, captured) = Console.capture(environment: environment)
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    func storedFile(sensor: String) throws -> CalibrationFile {
        let store = CalibrationStore(environment: environment)
        return try #require(try store.load(sensor: sensor)).file
    }

    @Test func gyroFromARecordingRecoversTheInjectedBias() throws {
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        let result = run(["calibrate", "gyro", "--source", "replay:\(recording)", "--fast"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("sensor: replay:faces.csv\ngyroscope bias: [0.0"))
        #expect(result.stdout.contains("1500 samples over 14.94 s"))
        #expect(result.stderr.contains("wrote \(directory)/config/bodyreadings/calibration/"))
        let file = try storedFile(sensor: "replay:faces.csv")
        let bias = try #require(file.gyroscope?.bias)
        // Six still periods, 1500 samples found, σ = 0.003 rad/s: within 3σ/√N = 2.3e-4 rad/s.
        #expect((bias - InjectedErrors.gyroscopeBias).maxMagnitude < 3 * 0.003 / 1500.0.squareRoot())
        #expect(file.accelerometer == nil)
        #expect(file.tool == "bodyreadings \(BodyReadingsTool.version)")
    }

    @Test func accelFromARecordingRecoversOffsetAndMatrixAndKeepsTheGyro() throws {
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        #expect(run(["calibrate", "gyro", "--source", "replay:\(recording)", "--fast"]).status == 0)
        let result = run(["calibrate", "accel", "--source", "replay:\(recording)", "--fast"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("6 poses"))
        #expect(result.stderr.contains("(other sections kept)"))
        let file = try storedFile(sensor: "replay:faces.csv")
        let accel = try #require(file.accelerometer)
        #expect(accel.method == .sixPosition)
        #expect((accel.offset - InjectedErrors.accelerometerOffset).maxMagnitude < 0.02)
        #expect(accel.matrix.maximumDifference(to: InjectedErrors.accelerometerMatrix) < 0.01)
        #expect(file.gyroscope != nil, "calibrating the accelerometer must keep the gyroscope section")
    }

    @Test func levelAccelFromAFlatRecordingRecoversTheOffset() throws {
        // 10 s lying flat, exact scale (identity matrix), offset (0.15, −0.1, 0.2) m/s², noise 0.03 m/s².
        var noise = InjectedErrors.Noise(random: SplitMix64(seed: 11))
        var text = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z\n"
        for i in 0..<1000 {
            let a = Vector3(0, 0, InjectedErrors.gravity) + InjectedErrors.accelerometerOffset + noise.vector(0.03)
            let g = InjectedErrors.gyroscopeBias + noise.vector(0.003)
            text += "\(Double(i) / 100),\(a.x),\(a.y),\(a.z),\(g.x),\(g.y),\(g.z)\n"
        }
        let recording = try write(text, to: "flat.csv")
        let refused = run(["calibrate", "accel", "--source", "replay:\(recording)", "--fast"])
        #expect(refused.status == ExitCode.dataError.rawValue, "one pose is not enough without --level")
        let result = run(["calibrate", "accel", "--level", "--source", "replay:\(recording)", "--fast"])
        #expect(result.status == 0, "\(result.stderr)")
        let accel = try #require(try storedFile(sensor: "replay:flat.csv").accelerometer)
        #expect(accel.method == .level)
        #expect((accel.offset - InjectedErrors.accelerometerOffset).maxMagnitude < 0.02)
    }

    @Test func magnetometerFromARecordingRecoversHardAndSoftIron() throws {
        let recording = try write(InjectedErrors.recording(magnetometer: true), to: "spin.csv")
        let result = run(["calibrate", "magnetometer", "--source", "replay:\(recording)", "--fast", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        // --json prints the file as written; it decodes as a calibration file.
        let printed = try CalibrationFile(json: Array(result.stdout.utf8), path: "<stdout>")
        let magn = try #require(printed.magnetometer)
        #expect((magn.hardIron - InjectedErrors.hardIron).maxMagnitude < 0.5)
        #expect(magn.softIron.maximumDifference(to: InjectedErrors.softIron) < 0.02)
        #expect(try storedFile(sensor: "replay:spin.csv") == printed)
    }

    @Test func explicitFileAndSensorShowAndReset() throws {
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        let target = directory + "/mine.json"
        let calibrate = run([
            "calibrate", "gyro", "--source", "replay:\(recording)", "--fast", "--sensor", "iio:test", "--calibration",
            target,
        ])
        #expect(calibrate.status == 0, "\(calibrate.stderr)")
        #expect(try CalibrationStore.read(path: target, expectedSensor: "iio:test").gyroscope != nil)

        let shown = run(["calibrate", "show", "--calibration", target])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("sensor: iio:test"))
        #expect(shown.stdout.contains("gyroscope bias: [0.0"))
        let shownJSON = run(["calibrate", "show", "--calibration", target, "--json"])
        #expect(try CalibrationFile(json: Array(shownJSON.stdout.utf8), path: "-").sensor == "iio:test")

        let reset = run(["calibrate", "reset", "--calibration", target])
        #expect(reset.status == 0)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// `--calibration FILE` naming the user's recording: neither calibrating into it nor resetting it touches it.
    @Test func aFileThatIsNotOursIsNeverOverwrittenNorRemoved() throws {
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        let before = FileManager.default.contents(atPath: recording)
        let calibrate = run([
            "calibrate", "gyro", "--source", "replay:\(recording)", "--fast", "--calibration", recording,
        ])
        #expect(calibrate.status == 65)
        #expect(calibrate.stderr.contains("is not a calibration file of this program"), "\(calibrate.stderr)")
        #expect(calibrate.stderr.contains("name another file with --calibration FILE"))
        let reset = run(["calibrate", "reset", "--calibration", recording])
        #expect(reset.status == 65)
        #expect(reset.stderr.contains("it was left as it is"), "\(reset.stderr)")
        #expect(FileManager.default.contents(atPath: recording) == before)
    }

    @Test func showListsTheStoreAndResetEmptiesIt() throws {
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        #expect(run(["calibrate", "gyro", "--source", "replay:\(recording)", "--fast"]).status == 0)
        let listed = run(["calibrate", "show"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("sensor: replay:faces.csv"))
        let json = run(["calibrate", "show", "--json"])
        // The bytes the command printed before it used JSONValue: each file's own text, indented under its path.
        let path = CalibrationStore(environment: environment).candidatePaths(forSensor: "replay:faces.csv")[0]
        let body = try CalibrationStore.read(path: path).jsonText.split(separator: "\n").joined(separator: "\n    ")
        #expect(json.stdout == "[\n  {\n    \"path\": \"\(path)\",\n    \"calibration\": \(body)\n  }\n]\n")
        #expect(json.stdout.contains("\"sensor\": \"replay:faces.csv\""))

        #expect(run(["calibrate", "show", "--sensor", "replay:faces.csv"]).status == 0)
        let reset = run(["calibrate", "reset", "--source", "replay:\(recording)"])
        #expect(reset.status == 0)
        #expect(reset.stderr.contains("removed "))
        #expect(run(["calibrate", "show", "--sensor", "replay:faces.csv"]).status == ExitCode.notAvailable.rawValue)
        #expect(run(["calibrate", "show", "--json"]).stdout == "[]\n")
    }

    @Test func showReportsABrokenFileAndListsTheRest() throws {
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        #expect(run(["calibrate", "gyro", "--source", "replay:\(recording)", "--fast"]).status == 0)
        let system = directory + "/system"
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        try "{\"version\": 1,".write(toFile: system + "/broken.json", atomically: false, encoding: .utf8)
        let shown = run(["calibrate", "show"])
        #expect(shown.status == ExitCode.dataError.rawValue)
        #expect(shown.stdout.contains("sensor: replay:faces.csv"))
        #expect(shown.stderr.contains("error: calibration file \(system)/broken.json is truncated"))
    }

    @Test func aRejectedCalibrationWritesNothing() throws {
        // Only the first face: far too few poses for the accelerometer. The existing gyro file must stay as it is.
        let full = InjectedErrors.recording()
        let short = full.split(separator: "\n").prefix(301).joined(separator: "\n") + "\n"
        let recording = try write(short, to: "faces.csv")
        #expect(run(["calibrate", "gyro", "--source", "replay:\(recording)", "--fast"]).status == 0)
        let path = CalibrationStore(environment: environment).candidatePaths(forSensor: "replay:faces.csv")[0]
        let before = try #require(FileManager.default.contents(atPath: path))
        let result = run(["calibrate", "accel", "--source", "replay:\(recording)", "--fast"])
        #expect(result.status == ExitCode.dataError.rawValue)
        #expect(result.stderr.contains("error: cannot calibrate the accelerometer from \(recording): "))
        #expect(result.stderr.contains("nothing was written"))
        #expect(result.stderr.hasPrefix("1 pose in 1 still period found\n"))
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func movingDataIsRefusedForTheGyro() throws {
        var text = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z\n"
        for i in 0..<1000 {
            let a = Double(i) / 100
            text += "\(a),\(9.8 * sin(a)),0,\(9.8 * cos(a)),0,1,0\n"
        }
        let recording = try write(text, to: "turning.csv")
        let result = run(["calibrate", "gyro", "--source", "replay:\(recording)", "--fast"])
        #expect(result.status == ExitCode.dataError.rawValue)
        #expect(result.stderr.contains("no still period"))
    }

    @Test func badFilesAreNamedWithTheirFix() throws {
        let corrupt = try write("{\"version\": 1, \"sensor\": ", to: "truncated.json")
        let shown = run(["calibrate", "show", "--calibration", corrupt])
        #expect(shown.status == ExitCode.dataError.rawValue)
        #expect(shown.stderr.contains("calibration file \(corrupt) is truncated"))
        let future = try write(
            "{\"version\": 7, \"sensor\": \"x\", \"created\": \"2026-01-01T00:00:00Z\"}", to: "future.json")
        let version = run(["calibrate", "show", "--calibration", future])
        #expect(version.status == ExitCode.dataError.rawValue)
        #expect(version.stderr.contains("has version 7"))
        let other = run(["calibrate", "show", "--calibration", future, "--sensor", "y"])
        #expect(other.stderr.contains("version 7"), "the version is checked before the identity")
        let recording = try write(InjectedErrors.recording(), to: "faces.csv")
        let blocked = try write("x", to: "blocker")
        let unwritable = run([
            "calibrate", "gyro", "--source", "replay:\(recording)", "--fast", "--calibration", blocked + "/cal.json",
        ])
        #expect(unwritable.status == ExitCode.ioError.rawValue)
        #expect(unwritable.stderr.contains("cannot write calibration to \(blocked)"))
        #expect(unwritable.stderr.contains("--calibration FILE"))
    }

    @Test func usageErrors() {
        #expect(run(["calibrate"]).status == ExitCode.usage.rawValue)
        #expect(run(["calibrate", "everything"]).status == ExitCode.usage.rawValue)
        #expect(run(["calibrate", "gyro", "--source", "replay:"]).status == ExitCode.usage.rawValue)
        #expect(run(["calibrate", "gyro", "--source", "bluetooth"]).status == ExitCode.usage.rawValue)
        let missing = run(["calibrate", "gyro", "--source", "replay:\(directory)/none.csv", "--fast"])
        #expect(missing.status == ExitCode.ioError.rawValue)
    }
}

@Suite("calibrate command, live sources", .serialized)
struct CalibrateLiveTests {
    let sandbox: CalibrationSandbox
    var directory: String { sandbox.directory }
    var environment: [String: String] { sandbox.environment }

    init() throws {
        sandbox = try CalibrationSandbox(prefix: "calibrate-live")
    }

    func run(_ arguments: [String], terminal: Bool = false) -> (status: Int32, stdout: String, stderr: String) {
        let captured = Console.Captured()
        let console = Console(
            errorIsTerminal: terminal, environment: environment,
            out: { captured.out.append(contentsOf: $0) }, err: { captured.err.append(contentsOf: $0) })
        let status = BodyReadingsTool.run(arguments: arguments, console: console)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func gyroOnTheSimulatorRecoversItsBias() throws {
        // The demo trajectory rests flat for its first 4 s; the simulated gyroscope has the bias
        // (0.01, −0.006, 0.004) rad/s and white noise of σ = 1.2e-4 · √100 = 0.0012 rad/s.
        let result = run(["calibrate", "gyro", "--source", "sim", "--fast", "--duration", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("put the device on a steady surface"))
        #expect(result.stderr.contains("100 % (still)"))
        let store = CalibrationStore(environment: environment)
        let file = try #require(try store.load(sensor: "sim:seed-1")).file
        let gyro = try #require(file.gyroscope)
        let samples = Double(try #require(gyro.quality).samples)
        #expect(samples >= 300)
        // Within 3σ/√N per axis (2.1e-4 rad/s for 300 samples).
        #expect((gyro.bias - Vector3(0.01, -0.006, 0.004)).maxMagnitude < 3 * 0.0012 / samples.squareRoot())
    }

    @Test func aTerminalGetsARedrawnProgressBar() {
        let result = run(["calibrate", "gyro", "--source", "sim", "--fast", "--dry-run", "--duration", "2"], terminal: true)
        #expect(result.status == 0)
        #expect(result.stderr.contains("\r[###############...............] 50 % still"))
        #expect(!result.stderr.contains("25 % (still)"))
    }

    @Test func accelGivesUpWhenTheFacesNeverCome() throws {
        // The simulator rests screen up for its first 4 s, then is picked up: +z is captured (0.5 s to see it
        // still, 2 s held), −z never comes before the 3.5 s timeout, and nothing is written.
        let result = run(["calibrate", "accel", "--source", "sim", "--fast", "--timeout", "3.5"])
        #expect(result.status == ExitCode.dataError.rawValue)
        #expect(result.stderr.contains("face 1/6: flat on its back, screen up (+z up)"))
        #expect(result.stderr.contains("face +z captured"))
        #expect(result.stderr.contains("error: gave up after 3.5 s: face −z up was never held still (1 of 6 done)"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/config/bodyreadings/calibration"))
    }

    @Test func magnetometerOnTheDemoIsRefusedOrRight() throws {
        // The demo turns mostly about z and x. Whatever the trajectory does, the outcome must be honest: either a
        // refusal that writes nothing, or the simulator's truth (no hard iron, field 44.7 µT).
        let result = run(["calibrate", "magnetometer", "--source", "sim", "--fast"])
        let stored = directory + "/config/bodyreadings/calibration"
        if result.status == 0 {
            let file = try #require(try CalibrationStore(environment: environment).load(sensor: "sim:seed-1")).file
            let magn = try #require(file.magnetometer)
            #expect(magn.hardIron.maxMagnitude < 1)
            #expect(abs((magn.fieldStrength ?? 0) - 44.72) < 1)
        } else {
            #expect(result.status == ExitCode.dataError.rawValue)
            #expect(result.stderr.contains("error: cannot calibrate the magnetometer: "))
            #expect(!FileManager.default.fileExists(atPath: stored))
        }
    }

    @Test func showAndResetTheSimulatorsSensor() throws {
        #expect(run(["calibrate", "gyro", "--source", "sim", "--fast", "--duration", "2"]).status == 0)
        let shown = run(["calibrate", "show", "--source", "sim"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("sensor: sim:seed-1"))
        #expect(run(["calibrate", "show", "--source", "sim", "--seed", "2"]).status == ExitCode.notAvailable.rawValue)
        let reset = run(["calibrate", "reset", "--source", "sim"])
        #expect(reset.status == 0)
        #expect(reset.stderr.contains("removed \(directory)/config/bodyreadings/calibration/sim_seed-1-"))
        #expect(run(["calibrate", "show", "--source", "sim"]).status == ExitCode.notAvailable.rawValue)
    }

    @Test func liveOptionErrors() {
        #expect(run(["calibrate", "gyro", "--source", "iio", "--fast"]).status == ExitCode.usage.rawValue)
        #expect(run(["calibrate", "gyro", "--source", "sim", "--duration", "0"]).status == ExitCode.usage.rawValue)
        #expect(run(["calibrate", "gyro", "--source", "sim", "--seed", "x"]).status == ExitCode.usage.rawValue)
        #expect(run(["calibrate", "accel", "--source", "sim", "--level", "--free"]).status == ExitCode.usage.rawValue)
    }
}
