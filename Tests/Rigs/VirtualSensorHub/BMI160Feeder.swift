import Glibc
import MotionMath
import MotionSimulation

/// Feeds a BMI160 emulated by `i2c-stub`: writes the data registers (gyro 0x0C–0x11, accel 0x12–0x17, little-endian
/// Int16) from a trajectory at a steady rate, through `/dev/i2c-N` SMBus I2C-block writes (never word writes:
/// i2c-stub stores a word in one register slot).
///
/// Raw counts use the scales the bmi160 driver reports once the range registers are preset (HIL-FACTS.md):
/// accel 0.000598 m/s² per LSB (±2 g), gyro 0.001065 rad/s per LSB (±2000 °/s).
public final class BMI160Feeder {
    /// Accelerometer scale, m/s² per LSB.
    public static let accelScale = 0.000598
    /// Gyroscope scale, rad/s per LSB.
    public static let gyroScale = 0.001065
    /// First data register (GYR_X low byte).
    public static let dataRegister: UInt8 = 0x0C

    private let fileDescriptor: Int32

    /// Opens `/dev/i2c-<bus>` and addresses `address`, even though the bmi160 driver owns it (I2C_SLAVE_FORCE).
    public init(bus: Int, address: UInt8 = 0x68) throws(SystemError) {
        let path = "/dev/i2c-\(bus)"
        let fd = try systemCall("open \(path) (is i2c-dev loaded?)") { open(path, O_RDWR | O_CLOEXEC) }
        fileDescriptor = fd
        try systemCall("ioctl I2C_SLAVE_FORCE 0x\(String(address, radix: 16)) on \(path)") {
            ioctl(fd, 0x0706, Int32(address))
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// The 12 data-register bytes for a reading: gyro x, y, z then accel x, y, z.
    public static func registers(for reading: SensorErrorModel.Reading) -> [UInt8] {
        func counts(_ v: Vector3, _ scale: Double) -> [UInt8] {
            v.array.flatMap { component -> [UInt8] in
                let raw = (component / scale).rounded()
                let clamped = Int16(max(Double(Int16.min), min(Double(Int16.max), raw.isNaN ? 0 : raw)))
                return littleEndian(UInt32(UInt16(bitPattern: clamped)), bytes: 2)
            }
        }
        return counts(reading.anglvel, gyroScale) + counts(reading.accel, accelScale)
    }

    /// Writes `bytes` to consecutive registers from `register` in one SMBus I2C-block write. The corresponding C call
    /// is `ioctl(fd, I2C_SMBUS, &args)`.
    public func write(register: UInt8, bytes: [UInt8]) throws(SystemError) {
        // union i2c_smbus_data: block[0] = length, then the bytes (at most 32).
        var block = [UInt8](repeating: 0, count: 34)
        block[0] = UInt8(bytes.count)
        block.replace(at: 1, with: Array(bytes.prefix(32)))
        let fd = fileDescriptor
        try systemCall("I2C_SMBUS block write at 0x\(String(register, radix: 16))") {
            block.withUnsafeMutableBytes { data -> Int32 in
                // struct i2c_smbus_ioctl_data { u8 read_write; u8 command; u32 size; union i2c_smbus_data *data; }
                var arguments = [UInt8](repeating: 0, count: 16)
                arguments[0] = 0  // I2C_SMBUS_WRITE
                arguments[1] = register
                arguments.replace(at: 4, with: littleEndian(8, bytes: 4))  // I2C_SMBUS_I2C_BLOCK_DATA
                let pointer = UInt(bitPattern: data.baseAddress)
                arguments.replace(at: 8, with: (0..<8).map { UInt8(truncatingIfNeeded: pointer >> (8 * UInt($0))) })
                return arguments.withUnsafeMutableBytes { raw -> Int32 in
                    guard let address = raw.baseAddress else { return -1 }
                    return ioctl(fd, 0x0720, address)
                }
            }
        }
    }

    /// Writes readings of `trajectory` at `rate` Hz for `duration` seconds (nil: until killed).
    public func run(
        trajectory: HubTrajectory, imu settings: SensorErrorModel.Settings, rate: Double, duration: Double?
    ) throws(SystemError) {
        var imu = SensorErrorModel(settings: settings)
        let motion = trajectory.make()
        let period = 1 / rate
        let start = monotonicSeconds()
        var due = 0.0
        while duration.map({ due < $0 }) ?? true {
            let reading = imu.read(motion.truth(at: monotonicSeconds() - start))
            try write(register: Self.dataRegister, bytes: Self.registers(for: reading))
            due += period
            let sleep = due - (monotonicSeconds() - start)
            if sleep > 0 {
                var request = timespec(tv_sec: Int(sleep), tv_nsec: Int((sleep - Double(Int(sleep))) * 1e9))
                var remaining = timespec()
                while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
            } else if sleep < -period {
                due = monotonicSeconds() - start
            }
        }
    }
}
