import Foundation
import MotionMath
import MotionSimulation

/// Feeds a BMA400 emulated by `i2c-stub`: the accelerometer (ACC_X/Y/Z at 0x04–0x09, 12-bit two's complement,
/// little-endian) from a trajectory at a steady rate, and the step counter (0x15–0x17) and activity (0x18) of
/// ``BMA400StepCounter``, which counts the trajectory's true steps only while the driver has enabled them in 0x20.
///
/// The accelerometer uses the scale the bma400 driver reports with ACC_CONFIG1 preset to 0x08 (±2 g, 100 Hz;
/// HIL-FACTS.md): 0.009577 m/s² per LSB.
public final class BMA400Feeder {
    /// Accelerometer scale, m/s² per LSB.
    public static let accelScale = 0.009577
    /// ACC_X_LSB, the first accelerometer register.
    public static let accelRegister: UInt8 = 0x04
    /// STEP_CNT_0, the first step-counter register (STEP_STAT follows at 0x18).
    public static let stepRegister: UInt8 = 0x15
    /// INT_CONFIG1, whose bit 0 enables the step counter.
    public static let interruptConfigRegister: UInt8 = 0x20
    /// The chip's default I2C address (SDO low).
    public static let defaultAddress: UInt8 = 0x14

    private let chip: SMBusDevice

    /// Opens `/dev/i2c-<bus>` and addresses `address`, even though the bma400 driver owns it.
    public init(bus: Int, address: UInt8 = BMA400Feeder.defaultAddress) throws(SystemError) {
        chip = try SMBusDevice(bus: bus, address: address)
    }

    /// The 6 accelerometer register bytes for `accel` (m/s²): x, y, z as 12-bit two's complement, low byte first,
    /// the high byte's upper nibble zero; saturated at −2048 and 2047, NaN as 0.
    public static func accelRegisters(_ accel: Vector3) -> [UInt8] {
        accel.array.flatMap { component -> [UInt8] in
            let raw = (component / accelScale).rounded()
            let clamped = Int16(max(-2048, min(2047, raw.isNaN ? 0 : raw)))
            let bits = UInt16(bitPattern: clamped) & 0x0FFF
            return [UInt8(bits & 0xFF), UInt8(bits >> 8)]
        }
    }

    /// What to play and where to say what was counted.
    public struct Settings: Sendable {
        /// The motion (its steps are the true ones). Default ``HubTrajectory/walk``.
        public var trajectory: HubTrajectory = .walk
        /// Accelerometer error model.
        public var imu = SensorErrorModel.Settings()
        /// Register writes per second. Default 100 (the chip's ODR as preset).
        public var rate = 100.0
        /// Stop after this many seconds; nil runs until killed.
        public var duration: Double?
        /// The step count the chip starts with (a count near 2²⁴ shows the wrap). Default 0.
        public var initialSteps: UInt32 = 0
        /// Appended with one line per counter event: `enabled|disabled|step TIME COUNT` (trajectory seconds).
        public var stepLog: String?
        /// Written with the CLOCK_REALTIME and CLOCK_MONOTONIC seconds of the trajectory's t = 0.
        public var startFile: String?
        /// Hold the trajectory at t = 0 (still, counting nothing) until this file exists, then play it: a scenario
        /// starts the walk once its capture runs, however long the capture took to start.
        public var goFile: String?

        public init() {}
    }

    /// Plays `settings` until the duration ends (or the process is killed).
    public func run(_ settings: Settings) throws(SystemError) {
        var imu = SensorErrorModel(settings: settings.imu)
        let motion = settings.trajectory.make()
        var counter = BMA400StepCounter(motion: motion, initialCount: settings.initialSteps)
        let log = settings.stepLog.flatMap { path -> FileHandle? in
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }
        // The chip's reset state: nothing counted, still.
        try chip.write(register: Self.stepRegister, bytes: counter.registers)
        func tick(_ t: Double) throws(SystemError) {
            try chip.write(register: Self.accelRegister, bytes: Self.accelRegisters(imu.read(motion.truth(at: t)).accel))
            let enabled = try chip.readByte(register: Self.interruptConfigRegister) & 1 == 1
            let before = counter.registers
            let records = counter.advance(to: t, enabled: enabled)
            if counter.registers != before { try chip.write(register: Self.stepRegister, bytes: counter.registers) }
            for record in records {
                log?.write(Data("\(record.event.rawValue) \(String(format: "%.3f", record.t)) \(record.count)\n".utf8))
            }
        }
        if let goFile = settings.goFile {
            try FeederLoop.run(rate: settings.rate, duration: nil) { _ throws(SystemError) in
                try tick(0)
                return !FileManager.default.fileExists(atPath: goFile)
            }
        }
        let start = monotonicSeconds()
        if let startFile = settings.startFile { writeStartFile(startFile, monotonicStart: start) }
        try FeederLoop.run(rate: settings.rate, duration: settings.duration, start: start) { t throws(SystemError) in
            try tick(t)
            return true
        }
    }
}
