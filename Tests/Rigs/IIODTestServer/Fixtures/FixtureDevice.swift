import Glibc

/// One IIO device of a fixture: an IMU part, a magnetometer, a pulse sensor or a trigger.
public struct FixtureDevice: Sendable, Hashable {
    /// The device id (`iio:device0`, `trigger0`).
    public var id: String
    /// The driver-given name (`bmi160`, `accel_3d-dev0`).
    public var name: String
    /// The optional `label` attribute (kernel ≥ 5.8); `nil` when the device has none.
    public var label: String?
    /// Channels, scan elements first in index order, as libiio's local backend sorts them.
    public var channels: [FixtureChannel]
    /// Device attributes, in the order libiio lists them.
    public var attributes: [FixtureAttribute]
    /// Buffer attributes (`buffer/` directory).
    public var bufferAttributes: [FixtureAttribute]
    /// Debug attributes (debugfs).
    public var debugAttributes: [FixtureAttribute]
    /// How GETTRIG/SETTRIG behave.
    public var trigger: TriggerSupport
    /// The errno that enabling the buffer answers (as OPEN's result), e.g. `EINVAL` for a triggered-buffer driver
    /// with no trigger set; `nil` when capture works.
    public var bufferEnableError: Int32?
    /// Raw reads answer `EBUSY` while a buffer of the device is open (drivers whose `read_raw` calls
    /// `iio_device_claim_direct_mode`: st_lsm6dsx, inv_icm42600, inv_mpu6050).
    public var rawBusyWhileBuffered: Bool
    /// Raw reads answer `EAGAIN` unless a buffer of the device is open (max30100's temperature: "can only be
    /// acquired while the engine is running").
    public var rawNeedsBuffer: Bool
    /// An open buffer never delivers a sample (READBUF waits until the client hangs up): a sensor whose interrupt
    /// line is not wired, like bmc150-accel's FIFO on a board with only SDA and SCL connected. Raw reads still work.
    public var bufferNeverDelivers: Bool
    /// The rate buffers sample at, Hz, for drivers without a `sampling_frequency` attribute (the health drivers run
    /// at a fixed 100 samples/s); nil: the attribute's value.
    public var fixedRate: Double?

    /// Creates a device.
    public init(
        id: String, name: String, label: String? = nil, channels: [FixtureChannel] = [],
        attributes: [FixtureAttribute] = [], bufferAttributes: [FixtureAttribute] = [],
        debugAttributes: [FixtureAttribute] = [], trigger: TriggerSupport = .unsupported(errno: ENOENT),
        bufferEnableError: Int32? = nil, rawBusyWhileBuffered: Bool = false, rawNeedsBuffer: Bool = false,
        fixedRate: Double? = nil, bufferNeverDelivers: Bool = false
    ) {
        self.bufferNeverDelivers = bufferNeverDelivers
        self.fixedRate = fixedRate
        self.rawNeedsBuffer = rawNeedsBuffer
        self.rawBusyWhileBuffered = rawBusyWhileBuffered
        self.id = id
        self.name = name
        self.label = label
        self.channels = channels
        self.attributes = attributes
        self.bufferAttributes = bufferAttributes
        self.debugAttributes = debugAttributes
        self.trigger = trigger
        self.bufferEnableError = bufferEnableError
    }

    /// Whether this is a trigger device (its id starts with `trigger`, as libiio's `iio_device_is_trigger` tests).
    public var isTrigger: Bool { id.hasPrefix("trigger") }

    /// Channels that can be buffered.
    public var scanChannels: [FixtureChannel] { channels.filter { $0.scanIndex != nil } }

    /// The channel with `id`, if any.
    public func channel(_ id: String) -> FixtureChannel? { channels.first { $0.id == id } }

    /// The device attribute named `name`, if any.
    public func attribute(_ name: String) -> FixtureAttribute? { attributes.first { $0.name == name } }
}
