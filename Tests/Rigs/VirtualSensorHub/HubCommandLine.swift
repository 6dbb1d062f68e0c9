import Foundation
import MotionMath
import MotionSimulation

/// The `bodyreadings-virtual-hub` command line (test support for the hardware-in-the-loop tier).
///
///     bodyreadings-virtual-hub [hub] [COMMON] [--unplug-after S] [--ready-file PATH] [--send-log PATH] [--verbose]
///     bodyreadings-virtual-hub bmi160 --bus N [--address 0x68] [--rate HZ] [COMMON]
///     bodyreadings-virtual-hub bma400 --bus N [--address 0x14] [--rate HZ] [--initial-steps N] [--step-log PATH]
///                                    [--start-file PATH] [--go-file PATH] [COMMON]
///     bodyreadings-virtual-hub barometer --chip bmp180|mpl3115 --bus N [--address A] [--ready-file PATH]
///     bodyreadings-virtual-hub truth [--at S] [COMMON]
///     bodyreadings-virtual-hub check --quantity Q --scale S --start T [--max-error E] [--rms-error E]
///                                    [--interval-ms N] [COMMON] < samples
///     bodyreadings-virtual-hub check-stream [--start T] [--settle S] [--max-gravity-angle DEG]
///                                    [--max-rate-error E] [--interval S] [--max-gap-intervals N] [--expected-rows N] [--tolerate-losses]
///                                    [--max-missed-fraction F] [--send-log PATH]
///                                    [COMMON] < jsonl
///     COMMON: --trajectory rest|tilt|rotate|sway|rest-then-sway|tilts|demo|walk --duration S --gyro-bias x,y,z --accel-offset x,y,z
///             --noise FACTOR --seed N
public enum HubCommandLine {
    /// Usage text, printed by `--help` and after a usage error.
    public static let usage = """
        USAGE: bodyreadings-virtual-hub [hub|bmi160|bma400|barometer|truth|check|check-stream] [OPTIONS]

          hub      HID sensor hub through /dev/uhid: accel_3d, gyro_3d, magn_3d (needs root and the uhid module)
          bmi160   feed an i2c-stub BMI160's data registers through /dev/i2c-N (--bus N required)
          bma400   feed an i2c-stub BMA400's accelerometer and count the trajectory's steps into its step counter
                   while the driver has it enabled (--bus N required; default trajectory walk)
          barometer  clear an i2c-stub barometer's conversion bit once its driver sets it, as the chip does
                   (--chip, --bus N required); until SIGTERM, then prints what it did
          truth    print the expected readings (SI) at --at seconds, one line per quantity: name x y z; then, for a
                   trajectory with steps, "steps N FIRST LAST" for its steps in [0, --duration or 600 s)
          check    compare iio_readdev output (X Y Z timestamp, 24-byte records) on stdin with the truth at each
                   sample's timestamp; exit 0 within tolerance, 1 otherwise
          check-stream  compare 'bodyreadings stream --format jsonl' on stdin with the truth: gravity direction,
                   rotation rate, spacing, summary loss counters; exit 0 within tolerance, 1 otherwise

        OPTIONS:
          --trajectory NAME     \(HubTrajectory.allCases.map(\.rawValue).joined(separator: "|")) (default rest)
          --duration S          stop after S seconds (default: until SIGTERM/SIGINT)
          --unplug-after S      hub: send UHID_DESTROY after S seconds, as an unplugged sensor
          --gyro-bias x,y,z     rad/s added to the gyroscope (default 0,0,0)
          --accel-offset x,y,z  m/s² added to the accelerometer (default 0,0,0)
          --noise FACTOR        multiplies the default noise (0.02 m/s², 0.002 rad/s, 0.3 µT); 0 = none (default 1)
          --seed N              noise seed (default 1)
          --bus N --address A   bmi160, bma400, barometer: /dev/i2c-N and the chip address (default 0x68, 0x14;
                                barometer: bmp180 0x77, mpl3115 0x60)
          --chip NAME           barometer: \(ConversionEmulator.Chip.allCases.map(\.rawValue).joined(separator: "|"))
          --rate HZ             bmi160, bma400: register writes per second (default 100)
          --initial-steps N     bma400: the step count the chip starts with, below 2^24 (default 0)
          --step-log PATH       bma400: append "enabled|disabled|step TIME COUNT" per counter event
          --go-file PATH        bma400: hold the trajectory at t = 0 until PATH exists, then play it
          --at S                truth: time since the trajectory's start (default 0)
          --ready-file PATH     hub: create PATH once the device exists; barometer: once it polls
          --start-file PATH     hub, bma400: write "REALTIME MONOTONIC", the clocks' seconds at the trajectory's t = 0
          --quantity Q          check: accel, anglvel or magn
          --scale S             check: the channel's IIO scale
          --start T             check, check-stream: CLOCK_REALTIME seconds of t = 0 (first value of --start-file)
          --start-monotonic T   check-stream: CLOCK_MONOTONIC seconds of t = 0 (second value of --start-file)
          --max-error E         check: largest error of one sample, SI (default: unchecked)
          --rms-error E         check: largest RMS error, SI (default: unchecked)
          --interval-ms N       check: the asked report interval: mean within 5 %, no gap over 10 intervals
          --settle S            check-stream: rows of the first S seconds are not judged (default 1)
          --max-gravity-angle D check-stream: largest gravity direction error, degrees (default 2)
          --max-rate-error E    check-stream: largest rotation rate error, rad/s (default: unchecked)
          --interval S          check-stream: the --interval asked: mean within 5 %, no gap over 3 intervals
          --max-gap-intervals N check-stream: the largest gap allowed, in intervals (default 3)
          --expected-rows N     check-stream: row count within 5 %
          --tolerate-losses     check-stream: do not fail on the summary's overrun and loss counters
          --max-missed-fraction F  check-stream: a polled schedule may miss up to F of the rows' samples, if the
                                summary's overruns match the rows' gaps (default 0; needs --interval)
          --send-log PATH       hub: append "REALTIME SENSOR" per input report sent and "REALTIME SENSOR on|off"
                                when a sensor is switched; check-stream: read it, and take overruns, gaps and
                                missing rows that the feeder's own stalls explain as the rig's
          --verbose             hub: log every uhid request to stderr

        """

    /// Runs the command line; returns the exit status (0, 64 usage, 69 device unavailable).
    public static func main(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var mode = "hub"
        let modes = ["hub", "bmi160", "bma400", "barometer", "truth", "check", "check-stream"]
        if let first = arguments.first, modes.contains(first) {
            mode = first
            arguments.removeFirst()
        }
        var hub = SensorHubRunner.Settings()
        var imu = SensorErrorModel.Settings()
        var noise = 1.0
        var bus: Int?
        var address: UInt8?
        var feeder = BMA400Feeder.Settings()
        var rate = 100.0
        var at = 0.0
        var check = BufferCheck.Settings()
        var streamCheck = MotionCheck.Settings()
        var trajectoryGiven = false
        var barometer: ConversionEmulator.Chip?

        var index = 0
        func value(_ option: String) -> String? {
            index += 1
            guard index < arguments.count else {
                fail("\(option) needs a value")
                return nil
            }
            return arguments[index]
        }
        while index < arguments.count {
            let option = arguments[index]
            switch option {
            case "-h", "--help":
                print(usage, terminator: "")
                return 0
            case "--verbose":
                hub.verbose = true
            case "--tolerate-losses":
                streamCheck.toleratesLosses = true
            case "--trajectory":
                guard let text = value(option) else { return 64 }
                guard let trajectory = HubTrajectory(rawValue: text) else {
                    return fail("unknown trajectory '\(text)'; use one of \(HubTrajectory.allCases.map(\.rawValue))")
                }
                hub.trajectory = trajectory
                trajectoryGiven = true
            case "--gyro-bias", "--accel-offset":
                guard let text = value(option) else { return 64 }
                guard let vector = Vector3(parsing: text) else {
                    return fail("\(option) needs three numbers like 0.01,-0.02,0.005, got '\(text)'")
                }
                if option == "--gyro-bias" { imu.gyroBias = vector } else { imu.accelOffset = vector }
            case "--duration", "--unplug-after", "--noise", "--rate", "--at", "--scale", "--start", "--max-error",
                "--rms-error", "--interval-ms", "--start-monotonic", "--settle", "--max-gravity-angle", "--max-rate-error", "--interval",
                "--expected-rows", "--max-gap-intervals", "--max-missed-fraction":
                guard let text = value(option) else { return 64 }
                guard let number = Double(text), number >= 0, number.isFinite else {
                    return fail("\(option) needs a non-negative number, got '\(text)'")
                }
                switch option {
                case "--duration": hub.duration = number
                case "--unplug-after": hub.unplugAfter = number
                case "--noise": noise = number
                case "--rate": rate = number
                case "--scale": check.scale = number
                case "--start":
                    check.start = number
                    streamCheck.start = number
                case "--start-monotonic": streamCheck.startMonotonic = number
                case "--settle": streamCheck.settle = number
                case "--max-gravity-angle": streamCheck.maximumGravityAngle = number
                case "--max-rate-error": streamCheck.maximumRotationRateError = number
                case "--interval": streamCheck.interval = number
                case "--expected-rows": streamCheck.expectedRows = Int(number)
                case "--max-gap-intervals": streamCheck.maximumGapIntervals = number
                case "--max-missed-fraction": streamCheck.missedFraction = number
                case "--max-error": check.maximumError = number
                case "--rms-error": check.rmsError = number
                case "--interval-ms": check.intervalMilliseconds = number
                default: at = number
                }
            case "--seed":
                guard let text = value(option) else { return 64 }
                guard let seed = UInt64(text) else { return fail("--seed needs a whole number, got '\(text)'") }
                imu.seed = seed
            case "--bus":
                guard let text = value(option) else { return 64 }
                guard let number = Int(text), number >= 0 else { return fail("--bus needs N of /dev/i2c-N, got '\(text)'") }
                bus = number
            case "--address":
                guard let text = value(option) else { return 64 }
                let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
                guard let number = UInt8(digits, radix: text.hasPrefix("0x") ? 16 : 10) else {
                    return fail("--address needs a 7-bit address like 0x68, got '\(text)'")
                }
                address = number
            case "--ready-file", "--start-file", "--step-log", "--go-file", "--send-log":
                guard let text = value(option) else { return 64 }
                switch option {
                case "--send-log": hub.sendLog = text
                case "--ready-file": hub.readyFile = text
                case "--start-file": hub.startFile = text
                case "--go-file": feeder.goFile = text
                default: feeder.stepLog = text
                }
            case "--chip":
                guard let text = value(option) else { return 64 }
                guard let chip = ConversionEmulator.Chip(rawValue: text) else {
                    let names = ConversionEmulator.Chip.allCases.map(\.rawValue)
                    return fail("--chip must be one of \(names), got '\(text)'")
                }
                barometer = chip
            case "--initial-steps":
                guard let text = value(option) else { return 64 }
                guard let steps = UInt32(text), steps < BMA400StepCounter.modulus else {
                    return fail("--initial-steps needs a whole number below 16777216 (24 bits), got '\(text)'")
                }
                feeder.initialSteps = steps
            case "--quantity":
                guard let text = value(option) else { return 64 }
                guard let quantity = BufferCheck.Quantity(rawValue: text) else {
                    return fail("--quantity must be one of \(BufferCheck.Quantity.allCases.map(\.rawValue)), got '\(text)'")
                }
                check.quantity = quantity
            default:
                return fail("unknown option '\(option)' (see --help)")
            }
            index += 1
        }
        imu.accelNoise *= noise
        imu.gyroNoise *= noise
        imu.magnNoise *= noise
        hub.imu = imu

        switch mode {
        case "truth":
            printTruth(hub.trajectory, imu: imu, at: at, stepsUntil: hub.duration ?? 600)
            return 0
        case "check":
            check.trajectory = hub.trajectory
            check.imu = imu
            let result = BufferCheck(settings: check).check(Array(FileHandle.standardInput.readDataToEndOfFile()))
            print(result.summary + (result.failures.isEmpty ? "" : "; " + result.failures.joined(separator: "; ")))
            return result.failures.isEmpty ? 0 : 1
        case "check-stream":
            streamCheck.trajectory = hub.trajectory
            if let path = hub.sendLog {
                guard let sends = FeederRecord.sendLog(atPath: path) else { return fail("cannot read --send-log \(path)") }
                streamCheck.feederSends = sends
            }
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            let result = MotionCheck(settings: streamCheck).check(input)
            print(result.description + (result.failures.isEmpty ? "" : "; " + result.failures.prefix(5).joined(separator: "; ")))
            return result.failures.isEmpty ? 0 : 1
        case "bmi160":
            guard let bus else { return fail("bmi160 needs --bus N (the i2c-stub adapter's number)") }
            guard rate > 0 else { return fail("--rate must be above 0") }
            do {
                let feeder = try BMI160Feeder(bus: bus, address: address ?? BMI160Feeder.defaultAddress)
                try feeder.run(trajectory: hub.trajectory, imu: imu, rate: rate, duration: hub.duration)
                return 0
            } catch {
                printError("error: \(error)\n")
                return 69
            }
        case "bma400":
            guard let bus else { return fail("bma400 needs --bus N (the i2c-stub adapter's number)") }
            guard rate > 0 else { return fail("--rate must be above 0") }
            feeder.trajectory = trajectoryGiven ? hub.trajectory : .walk
            feeder.imu = imu
            feeder.rate = rate
            feeder.duration = hub.duration
            feeder.startFile = hub.startFile
            do {
                try BMA400Feeder(bus: bus, address: address ?? BMA400Feeder.defaultAddress).run(feeder)
                return 0
            } catch {
                printError("error: \(error)\n")
                return 69
            }
        case "barometer":
            guard let barometer, let bus else {
                return fail("barometer needs --chip NAME and --bus N (the i2c-stub adapter's number)")
            }
            do {
                let emulator = try ConversionEmulator(barometer, bus: bus, address: address)
                let statistics = try emulator.run(readyFile: hub.readyFile)
                printError("\(barometer.rawValue): \(statistics)\n")
                return 0
            } catch {
                printError("error: \(error)\n")
                return 69
            }
        default:
            var runner = SensorHubRunner(settings: hub)
            do {
                try runner.run()
                return 0
            } catch {
                printError("error: \(error)\n")
                return 69
            }
        }
    }

    /// Prints the truth and the expected (noiseless) readings: `name x y z` lines, SI units; then `steps N FIRST
    /// LAST` (count, first and last time, s) for the trajectory's true steps in [0, `stepsUntil`), when it has any.
    static func printTruth(_ trajectory: HubTrajectory, imu: SensorErrorModel.Settings, at t: Double, stepsUntil: Double) {
        let motion = trajectory.make()
        let truth = motion.truth(at: t)
        let expected = SensorErrorModel(settings: imu).expected(truth)
        func line(_ name: String, _ v: Vector3) {
            print(name, v.x, v.y, v.z)
        }
        line("accel", expected.accel)
        line("anglvel", expected.anglvel)
        line("magn", expected.magn)
        line("specific_force", truth.specificForce)
        line("angular_velocity", truth.angularVelocity)
        line("magnetic_field", truth.magneticField)
        line("gravity", truth.gravity)
        print("attitude", truth.attitude.w, truth.attitude.x, truth.attitude.y, truth.attitude.z)
        let steps = motion.steps(from: 0, to: stepsUntil)
        if let first = steps.first, let last = steps.last {
            print("steps", steps.count, first, last)
        }
    }

    @discardableResult
    private static func fail(_ message: String) -> Int32 {
        printError("error: \(message)\n")
        return 64
    }
}
