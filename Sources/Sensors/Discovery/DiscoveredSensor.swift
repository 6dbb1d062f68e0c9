import IIO

/// One accelerometer, gyroscope, magnetometer or pulse sensor found in an IIO context, with everything needed to
/// read it and convert its raw values to SI units.
///
/// Converting a raw value of axis `i`: `si_i = (raw_i + offset[i]) × scale[i] × correction × kind.unitFactor`, the
/// correction being ``scaleCorrection``'s factor (1 for drivers that follow the IIO ABI), then the mount matrix:
/// `device = mountMatrix.apply(si)` (see ``convert(raw:)``). A pulse sensor (`.ppg`) has one channel per
/// LED (``lights``) and no conversion: its readings are the photodiode's ADC counts (``intensities(raw:)``).
public struct DiscoveredSensor: Sendable, Hashable {
    /// What it measures.
    public var kind: SensorKind
    /// The IIO device id (`iio:device0`): valid for this boot only; use ``identity`` to recognise the chip.
    public var deviceID: String
    /// The driver's device name (`bmi160`, `accel_3d`, `lsm6dsm_accel`).
    public var deviceName: String
    /// The device label, when the firmware gives one (`accel-display`).
    public var label: String?
    /// Stable identity of the physical chip (see ``SensorIdentity``).
    public var identity: SensorIdentity
    /// The device's parent below `/sys/devices` on a local context (the chip: an I²C client, a HID sensor), nil
    /// elsewhere; two devices of one chip (st_lsm6dsx's `_accel` and `_gyro`) share it.
    public var parent: String?
    /// The x, y, z channels, in that order; for a pulse sensor its intensity channels, one per entry of ``lights``.
    public var axes: [SensorChannel]
    /// For a pulse sensor, the LED behind each channel of ``axes``, in the same order; empty for motion sensors.
    public var lights: [PPGLight]
    /// The device's timestamp channel (`timestamp`, ns), when it has one.
    public var timestamp: SensorChannel?
    /// Scale per axis (x, y, z), in the kernel's unit per raw count (m/s², rad/s, Gauss); equal entries when the
    /// driver shares one `in_<type>_scale`. Nil when the context cannot read values (`xml:`).
    public var scale: [Double]?
    /// Where each axis's scale was read (shared or per-axis attribute).
    public var scaleAttributes: [AttributeLocation]
    /// The correction of a driver whose scale is not in the IIO ABI's unit (``DriverQuirks``), or the one a udev
    /// property sets; nil when the scale is taken as the driver gives it.
    public var scaleCorrection: ScaleCorrection?
    /// Offset per axis in raw counts (added before scaling); zeros when the driver has no offset attribute. Nil when
    /// values cannot be read.
    public var offset: [Double]?
    /// The mount matrix (identity when there is none).
    public var mountMatrix: MountMatrix
    /// Where ``mountMatrix`` came from.
    public var mountMatrixSource: MountMatrixSource
    /// The attribute holding the driver's mount matrix, when there is one (even if udev overrides it).
    public var mountMatrixAttribute: AttributeLocation?
    /// The current sampling frequency in Hz, nil when unknown.
    public var samplingFrequency: Double?
    /// The attribute to read or write the sampling frequency, nil when the driver has none.
    public var samplingFrequencyAttribute: AttributeLocation?
    /// The frequencies the driver accepts, nil when it does not say.
    public var availableFrequencies: FrequencyList?
    /// The device's current trigger (`accel_3d-dev0`), nil when none is set or it cannot be known.
    public var trigger: String?
    /// False when the context cannot tell the current trigger (`xml:`): ``trigger`` is nil then without meaning
    /// "none".
    public var isTriggerKnown: Bool
    /// The device's own trigger in the context (`<name>-dev<N>`), set or not.
    public var ownTrigger: String?
    /// Whether the sensor is captured through a buffer or by polling.
    public var captureMode: CaptureMode
    /// Why ``captureMode`` was chosen, one short sentence.
    public var captureReason: String

    public init(
        kind: SensorKind, deviceID: String, deviceName: String, label: String? = nil, identity: SensorIdentity,
        parent: String? = nil, axes: [SensorChannel], lights: [PPGLight] = [], timestamp: SensorChannel? = nil,
        scale: [Double]?, scaleAttributes: [AttributeLocation] = [], scaleCorrection: ScaleCorrection? = nil,
        offset: [Double]?, mountMatrix: MountMatrix = .identity,
        mountMatrixSource: MountMatrixSource = .none, mountMatrixAttribute: AttributeLocation? = nil,
        samplingFrequency: Double? = nil, samplingFrequencyAttribute: AttributeLocation? = nil,
        availableFrequencies: FrequencyList? = nil, trigger: String? = nil, isTriggerKnown: Bool = true, ownTrigger: String? = nil,
        captureMode: CaptureMode, captureReason: String
    ) {
        self.kind = kind
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.label = label
        self.identity = identity
        self.parent = parent
        self.axes = axes
        self.lights = lights
        self.timestamp = timestamp
        self.scale = scale
        self.scaleAttributes = scaleAttributes
        self.scaleCorrection = scaleCorrection
        self.offset = offset
        self.mountMatrix = mountMatrix
        self.mountMatrixSource = mountMatrixSource
        self.mountMatrixAttribute = mountMatrixAttribute
        self.samplingFrequency = samplingFrequency
        self.samplingFrequencyAttribute = samplingFrequencyAttribute
        self.availableFrequencies = availableFrequencies
        self.trigger = trigger
        self.isTriggerKnown = isTriggerKnown
        self.ownTrigger = ownTrigger
        self.captureMode = captureMode
        self.captureReason = captureReason
    }

    /// True when every axis is a scan element (a buffer can carry it).
    public var hasScanElements: Bool { !axes.isEmpty && axes.allSatisfy { $0.format != nil } }

    /// A pulse sensor's reading value from the raw counts of its channels (in ``axes`` order): each LED's count in its
    /// component (``PPGLight/component``), NaN for LEDs it does not have. Nil when `raw` does not match ``lights``.
    public func intensities(raw: [Double]) -> SIMD3<Double>? {
        guard raw.count == lights.count, !lights.isEmpty else { return nil }
        var value = SIMD3<Double>(repeating: .nan)
        for (light, count) in zip(lights, raw) { value[light.component] = count }
        return value
    }

    /// Converts raw counts (x, y, z) to SI units in the device frame: offset, scale, the driver's correction, unit
    /// factor, mount matrix. Nil when scale or offset are unknown (`xml:` contexts).
    public func convert(raw: SIMD3<Double>) -> SIMD3<Double>? {
        guard let scale, let offset, scale.count == 3, offset.count == 3 else { return nil }
        let chip = (raw + SIMD3(offset[0], offset[1], offset[2])) * SIMD3(scale[0], scale[1], scale[2])
            * (scaleCorrection?.factor ?? 1) * kind.unitFactor
        return mountMatrix.apply(chip)
    }
}
