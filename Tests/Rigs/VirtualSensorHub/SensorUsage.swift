/// Usage IDs of the HID Sensors usage page (0x20) that the virtual hub declares, from the HID Sensor Usage Tables
/// (HUTRR39b) as the Linux kernel names them in `include/linux/hid-sensor-ids.h`.
public enum SensorUsage {
    /// The Sensors usage page.
    public static let page: UInt16 = 0x20

    /// Sensor (the hub's top-level application collection).
    public static let sensor: UInt16 = 0x0001
    /// Motion: Accelerometer 3D.
    public static let accelerometer3D: UInt16 = 0x0073
    /// Motion: Gyrometer 3D.
    public static let gyrometer3D: UInt16 = 0x0076
    /// Orientation: Compass 3D (the kernel's `magn_3d`).
    public static let compass3D: UInt16 = 0x0083

    /// Property: Report Interval (ms when Unit is 0).
    public static let reportInterval: UInt16 = 0x030E
    /// Property: Reporting State (named array of 0x0840…0x0845).
    public static let reportingState: UInt16 = 0x0316
    /// Property: Power State (named array of 0x0850…0x0855).
    public static let powerState: UInt16 = 0x0319
    /// Data-field modifier "Change Sensitivity Absolute", OR-ed into a data usage.
    public static let changeSensitivityAbsolute: UInt16 = 0x1000

    /// Reporting State selectors: No Events, All Events, Threshold Events, No Events Wake, All Events Wake,
    /// Threshold Events Wake.
    public static let reportingStateSelectors: [UInt16] = Array(0x0840...0x0845)
    /// Power State selectors: Undefined, D0 Full Power, D1 Low Power, D2 Standby With Wake, D3 Sleep With Wake,
    /// D4 Power Off.
    public static let powerStateSelectors: [UInt16] = Array(0x0850...0x0855)

    /// Data: Acceleration (the axis-group usage) and its X, Y, Z axes.
    public static let acceleration: UInt16 = 0x0452
    public static let accelerationX: UInt16 = 0x0453
    public static let accelerationY: UInt16 = 0x0454
    public static let accelerationZ: UInt16 = 0x0455
    /// Data: Angular Velocity and its X, Y, Z axes.
    public static let angularVelocity: UInt16 = 0x0456
    public static let angularVelocityX: UInt16 = 0x0457
    public static let angularVelocityY: UInt16 = 0x0458
    public static let angularVelocityZ: UInt16 = 0x0459
    /// Data: Magnetic Flux and its X, Y, Z axes.
    public static let magneticFlux: UInt16 = 0x0484
    public static let magneticFluxX: UInt16 = 0x0485
    public static let magneticFluxY: UInt16 = 0x0486
    public static let magneticFluxZ: UInt16 = 0x0487
}
