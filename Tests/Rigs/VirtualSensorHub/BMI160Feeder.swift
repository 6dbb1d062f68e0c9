import MotionMath
import MotionSimulation

/// Feeds a BMI160 emulated by `i2c-stub`: writes the data registers (gyro 0x0C–0x11, accel 0x12–0x17, little-endian
/// Int16) from a trajectory at a steady rate, in one I2C-block write per reading.
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
    /// The chip's default I2C address (SDO low).
    public static let defaultAddress: UInt8 = 0x68

    private let chip: SMBusDevice

    /// Opens `/dev/i2c-<bus>` and addresses `address`, even though the bmi160 driver owns it.
    public init(bus: Int, address: UInt8 = BMI160Feeder.defaultAddress) throws(SystemError) {
        chip = try SMBusDevice(bus: bus, address: address)
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

    /// Writes readings of `trajectory` at `rate` Hz for `duration` seconds (nil: until killed).
    public func run(
        trajectory: HubTrajectory, imu settings: SensorErrorModel.Settings, rate: Double, duration: Double?
    ) throws(SystemError) {
        var imu = SensorErrorModel(settings: settings)
        let motion = trajectory.make()
        try FeederLoop.run(rate: rate, duration: duration) { t throws(SystemError) in
            try chip.write(register: Self.dataRegister, bytes: Self.registers(for: imu.read(motion.truth(at: t))))
            return true
        }
    }
}
