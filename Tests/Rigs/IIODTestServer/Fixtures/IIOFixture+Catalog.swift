import Glibc

// The fixtures follow the Linux 6.1 drivers' `iio_chan_spec`s: scan indices and formats, which attributes are
// per-axis (`info_mask_separate`), shared by type (`in_accel_scale`) or by all (`sampling_frequency`), mount
// matrices (`IIO_MOUNT_MATRIX(IIO_SHARED_BY_DIR)` → device attribute `in_mount_matrix`, `IIO_SHARED_BY_ALL` →
// `mount_matrix`) and triggers. libiio's local backend turns `in_<type>_<attr>` files into channel attributes named
// `<attr>` (file name kept in `filename`) and sorts attributes by name; the fixtures are stored that way. Two
// consequences of libiio 0.24's sysfs parsing (local.c) that clients see, checked against the real iiod 0.24 on a
// fake sysfs: `in_mount_matrix` becomes an input channel `mount` (no scan index) with the attribute `matrix`, and
// the `buffer/` files `length`, `enable` and `watermark` are reserved, so only `data_available` is listed.

extension IIOFixture {
    /// Bosch BMI160 on I²C without an IRQ line (drivers/iio/imu/bmi160): accel + gyro in one device, scan indices
    /// 4–6 (anglvel), 7–9 (accel), 10 (timestamp), `le:s16/16>>0`, per-type rates and scales, identity
    /// `in_mount_matrix` (channel `mount`, attribute `matrix` in libiio). No trigger exists:
    /// GETTRIG answers `EIO` and enabling the buffer `EINVAL` (HIL-FACTS.md), so clients must poll `in_*_raw`.
    public static let bmi160 = IIOFixture(name: "bmi160", devices: [
        FixtureDevice(
            id: "iio:device0", name: "bmi160",
            channels: threeAxis(
                .anglvel, firstIndex: 4, format: "le:s16/16>>0",
                shared: [
                    ("scale", "0.001065", false),
                    ("scale_available", "0.001065 0.000532 0.000266 0.000133 0.000066", true),
                    ("sampling_frequency", "100.000000", false),
                    ("sampling_frequency_available", "25 50 100 200 400 800 1600 3200", true),
                ]
            ) + threeAxis(
                .accel, firstIndex: 7, format: "le:s16/16>>0",
                shared: [
                    ("scale", "0.000598", false),
                    ("scale_available", "0.000598 0.001197 0.002394 0.004788", true),
                    ("sampling_frequency", "100.000000", false),
                    ("sampling_frequency_available", "0.78125 1.5625 3.125 6.25 12.5 25 50 100 200 400 800 1600", true),
                ]
            ) + [timestamp(index: 10), mountMatrix("1, 0, 0; 0, 1, 0; 0, 0, 1")],
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            bufferAttributes: standardBufferAttributes,
            debugAttributes: [FixtureAttribute("direct_reg_access", value: "0xD1")],
            trigger: .unsupported(errno: EIO),
            bufferEnableError: EINVAL
        ),
    ])

    /// A laptop HID sensor hub (drivers/iio/{accel,gyro,magnetometer}/hid-sensor-*-3d.c): `accel_3d`, `gyro_3d`,
    /// `magn_3d` as separate devices, `le:s32/32>>0`, timestamp (index 3) on accel and gyro only, scales from the
    /// HID unit/exponent (0.0980665 m/s², 0.000174532 rad/s, 0.001 G), offsets 0, and each device's own
    /// `<name>-dev<N>` trigger already current.
    public static let hidSensorHub = IIOFixture(name: "hid-sensor-hub", devices: [
        hidDevice(index: 0, name: "accel_3d", kind: .accel, scale: "0.098066500", timestamp: true),
        hidDevice(index: 1, name: "gyro_3d", kind: .anglvel, scale: "0.000174532", timestamp: true),
        hidDevice(index: 2, name: "magn_3d", kind: .magn, scale: "0.001000000", timestamp: false),
        FixtureDevice(id: "trigger0", name: "accel_3d-dev0"),
        FixtureDevice(id: "trigger1", name: "gyro_3d-dev1"),
        FixtureDevice(id: "trigger2", name: "magn_3d-dev2"),
    ])

    /// ST LSM6DSM through st_lsm6dsx (drivers/iio/imu/st_lsm6dsx): `lsm6dsm_accel` and `lsm6dsm_gyro` with a
    /// hardware FIFO and no trigger (GETTRIG `ENOENT`), `le:s16/16>>0`, shared `sampling_frequency` with a discrete
    /// `sampling_frequency_available`, `scale_available`, `mount_matrix` shared by all.
    public static let stLsm6dsx = IIOFixture(name: "st-lsm6dsx", devices: [
        stDevice(index: 0, name: "lsm6dsm_accel", kind: .accel, scale: "0.000598",
                 available: "0.000598 0.001196 0.002392 0.004785"),
        stDevice(index: 1, name: "lsm6dsm_gyro", kind: .anglvel, scale: "0.000153",
                 available: "0.000153 0.000305 0.000611 0.001222"),
    ])

    /// TDK ICM-42605 through inv_icm42600 (drivers/iio/imu/inv_icm42600): `icm42605-accel` and `icm42605-gyro`,
    /// big-endian `be:s16/16>>0` axes and temperature (index 3), timestamp index 4, per-axis `calibbias`, a
    /// `mount_matrix` per device (rotated 90° about z), FIFO without trigger.
    public static let invIcm42600 = IIOFixture(name: "inv-icm42600", devices: [
        icmDevice(index: 0, name: "icm42605-accel", kind: .accel, scale: "0.004788403",
                  available: "0.000598550 0.001197101 0.002394202 0.004788403"),
        icmDevice(index: 1, name: "icm42605-gyro", kind: .anglvel, scale: "0.001065264",
                  available: "0.000066579 0.000133158 0.000266316 0.000532632 0.001065264"),
    ])

    /// InvenSense MPU-6050 through inv_mpu6050 (drivers/iio/imu/inv_mpu6050): one device `mpu6050` with accel
    /// (0–2), temperature (3), anglvel (4–6) and timestamp (7), `be:s16/16>>0`, per-axis `calibbias`, device
    /// `in_mount_matrix` (a 90° rotation; channel `mount`, attribute `matrix` in libiio), and its own trigger `mpu6050-dev0` as current trigger.
    public static let invMpu6050 = IIOFixture(name: "inv-mpu6050", devices: [
        FixtureDevice(
            id: "iio:device0", name: "mpu6050",
            channels: threeAxis(
                .accel, firstIndex: 0, format: "be:s16/16>>0",
                shared: [
                    ("scale", "0.004785", false),
                    ("scale_available", "0.000598 0.001196 0.002392 0.004785", true),
                ],
                perAxis: [("calibbias", "0", false)]
            ) + [
                temperature(index: 3, format: "be:s16/16>>0", offset: "12420", scale: "2.941176"),
            ] + threeAxis(
                .anglvel, firstIndex: 4, format: "be:s16/16>>0",
                shared: [
                    ("scale", "0.001064724", false),
                    ("scale_available", "0.000133090 0.000266181 0.000532362 0.001064724", true),
                ],
                perAxis: [("calibbias", "0", false)]
            ) + [timestamp(index: 7), mountMatrix("0, 1, 0; -1, 0, 0; 0, 0, 1")],
            attributes: [
                FixtureAttribute("current_timestamp_clock", value: "realtime"),
                // inv_mpu6050_fifo_rate_store takes any rate from 4 to 1000 Hz.
                FixtureAttribute("sampling_frequency", value: "50", rule: .range(4...1000)),
                FixtureAttribute("sampling_frequency_available", value: "10 20 50 100 200 500", readOnly: true),
            ],
            bufferAttributes: standardBufferAttributes,
            debugAttributes: [FixtureAttribute("direct_reg_access", value: "0x68")],
            trigger: .settable(current: "mpu6050-dev0"),
            rawBusyWhileBuffered: true
        ),
        FixtureDevice(id: "trigger0", name: "mpu6050-dev0"),
    ])

    /// An accelerometer and nothing else (a HID hub with only `accel_3d`): device motion is not available.
    public static let accelOnly = IIOFixture(name: "accel-only", devices: [
        hidDevice(index: 0, name: "accel_3d", kind: .accel, scale: "0.098066500", timestamp: true),
        FixtureDevice(id: "trigger0", name: "accel_3d-dev0"),
    ])

    /// A context without devices (a machine without IIO sensors).
    public static let empty = IIOFixture(name: "empty", devices: [])

    /// Every catalog fixture.
    public static var all: [IIOFixture] {
        [bmi160, hidSensorHub, stLsm6dsx, invIcm42600, invMpu6050, accelOnly, bma400, imuWithStepCounter, empty]
            + pulseSensors + barometers
    }

    /// A board with an IMU and a step-counting chip: the bmi160 (polled, device 0) beside a bma400 (device 1).
    public static let imuWithStepCounter = IIOFixture(
        name: "bmi160-bma400", devices: bmi160.devices + [bma400Device(index: 1)])

    /// The same board with the BMA400 bound first (a lower device number, as when it probes before the BMI160):
    /// device motion must still take the BMI160's accelerometer with its gyroscope.
    public static let stepCounterFirst = IIOFixture(
        name: "bma400-bmi160",
        devices: [bma400Device(index: 0)] + bmi160.devices.map { device in
            var device = device
            device.id = "iio:device1"
            return device
        })

    /// The catalog fixture called `name` (`hid-sensor-hub`; also `hidSensorHub`, case and `-`/`_` ignored).
    public static func named(_ name: String) -> IIOFixture? {
        func key(_ text: String) -> String { text.lowercased().filter { $0 != "-" && $0 != "_" } }
        return all.first { key($0.name) == key(name) }
    }

    // MARK: Building blocks

    /// `buffer/` files of every kfifo-backed device on Linux 6.1; libiio 0.24 lists only `data_available` (it
    /// reserves `length`, `enable` and `watermark`), but READ/WRITE by name reach all of them.
    static let standardBufferAttributes: [FixtureAttribute] = [
        FixtureAttribute("data_available", value: "0", readOnly: true),
        FixtureAttribute("enable", value: "0", listed: false),
        FixtureAttribute("length", value: "2", listed: false),
        FixtureAttribute("watermark", value: "1", listed: false),
    ]

    /// Three channels `<kind>_x/y/z` with consecutive scan indices; `shared` attributes come from one
    /// `in_<kind>_<attr>` file, `perAxis` ones from `in_<kind>_<axis>_<attr>`; `raw` is always per axis.
    static func threeAxis(
        _ kind: ChannelKind, firstIndex: Int?, format: String,
        shared: [(String, String, Bool)], perAxis: [(String, String, Bool)] = []
    ) -> [FixtureChannel] {
        ChannelAxis.allCases.map { axis in
            let id = "\(kind.rawValue)_\(axis.suffix)"
            var attributes = [FixtureAttribute("raw", filename: "in_\(id)_raw", value: "0", readOnly: true)]
            attributes += shared.map {
                FixtureAttribute($0.0, filename: "in_\(kind.rawValue)_\($0.0)", value: $0.1, readOnly: $0.2)
            }
            attributes += perAxis.map { FixtureAttribute($0.0, filename: "in_\(id)_\($0.0)", value: $0.1, readOnly: $0.2) }
            return FixtureChannel(
                id: id, kind: kind, axis: axis, scanIndex: firstIndex.map { $0 + axis.rawValue },
                scanFormat: FixtureScanFormat(format), attributes: attributes.sorted { $0.name < $1.name }
            )
        }
    }

    /// The `mount` pseudo-channel libiio makes of a driver's `in_mount_matrix` (`IIO_SHARED_BY_DIR`).
    static func mountMatrix(_ value: String) -> FixtureChannel {
        FixtureChannel(
            id: "mount", kind: .other,
            attributes: [FixtureAttribute("matrix", filename: "in_mount_matrix", value: value, readOnly: true)]
        )
    }

    static func timestamp(index: Int) -> FixtureChannel {
        FixtureChannel(id: "timestamp", kind: .timestamp, scanIndex: index, scanFormat: FixtureScanFormat("le:s64/64>>0"))
    }

    static func temperature(index: Int, format: String, offset: String, scale: String) -> FixtureChannel {
        FixtureChannel(
            id: "temp", kind: .temp, scanIndex: index, scanFormat: FixtureScanFormat(format),
            attributes: [
                FixtureAttribute("offset", filename: "in_temp_offset", value: offset, readOnly: true),
                FixtureAttribute("raw", filename: "in_temp_raw", value: "0", readOnly: true),
                FixtureAttribute("scale", filename: "in_temp_scale", value: scale, readOnly: true),
            ]
        )
    }

    static func hidDevice(index: Int, name: String, kind: ChannelKind, scale: String, timestamp withTimestamp: Bool)
        -> FixtureDevice
    {
        var channels = threeAxis(
            kind, firstIndex: 0, format: "le:s32/32>>0",
            shared: [
                ("hysteresis", "0.000000", false),
                ("offset", "0", true),
                ("sampling_frequency", "100.000000", false),
                ("scale", scale, true),
            ]
        )
        if withTimestamp { channels.append(timestamp(index: 3)) }
        return FixtureDevice(
            id: "iio:device\(index)", name: name, channels: channels,
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            bufferAttributes: standardBufferAttributes,
            trigger: .settable(current: "\(name)-dev\(index)")
        )
    }

    static func stDevice(index: Int, name: String, kind: ChannelKind, scale: String, available: String)
        -> FixtureDevice
    {
        FixtureDevice(
            id: "iio:device\(index)", name: name,
            channels: threeAxis(
                kind, firstIndex: 0, format: "le:s16/16>>0",
                shared: [("scale", scale, false), ("scale_available", available, true)]
            ) + [timestamp(index: 3)],
            attributes: [
                FixtureAttribute("current_timestamp_clock", value: "realtime"),
                FixtureAttribute("mount_matrix", value: "1, 0, 0; 0, 1, 0; 0, 0, 1", readOnly: true),
                FixtureAttribute("sampling_frequency", value: "104.000000"),
                FixtureAttribute(
                    "sampling_frequency_available", value: "12.500 26.000 52.000 104.000 208.000 416.000",
                    readOnly: true
                ),
            ],
            bufferAttributes: standardBufferAttributes,
            debugAttributes: [FixtureAttribute("direct_reg_access", value: "0x6A")],
            rawBusyWhileBuffered: true
        )
    }

    static func icmDevice(index: Int, name: String, kind: ChannelKind, scale: String, available: String)
        -> FixtureDevice
    {
        FixtureDevice(
            id: "iio:device\(index)", name: name,
            channels: threeAxis(
                kind, firstIndex: 0, format: "be:s16/16>>0",
                shared: [("scale", scale, false), ("scale_available", available, true)],
                perAxis: [("calibbias", "0", false)]
            ) + [
                temperature(index: 3, format: "be:s16/16>>0", offset: "0", scale: "7.812500"),
                timestamp(index: 4),
            ],
            attributes: [
                FixtureAttribute("current_timestamp_clock", value: "realtime"),
                FixtureAttribute("mount_matrix", value: "0, -1, 0; 1, 0, 0; 0, 0, 1", readOnly: true),
                FixtureAttribute("sampling_frequency", value: "50.000000"),
                FixtureAttribute(
                    "sampling_frequency_available",
                    value: "12.500000 25.000000 50.000000 100.000000 200.000000 400.000000 800.000000 1600.000000",
                    readOnly: true
                ),
            ],
            bufferAttributes: standardBufferAttributes,
            debugAttributes: [FixtureAttribute("direct_reg_access", value: "0x0")],
            rawBusyWhileBuffered: true
        )
    }
}
