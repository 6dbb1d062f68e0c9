// The attribute rules of discovery: where scale, offset, mount matrix and sampling frequency live for a sensor
// kind, and how their text becomes values. Names follow the kernel ABI (Documentation/ABI/testing/sysfs-bus-iio):
// per-axis `in_<type>_<axis>_<attr>`, shared by type `in_<type>_<attr>`, shared by direction `in_<attr>`, shared by
// all `<attr>`; libiio presents the first two as channel attributes named `<attr>`.

extension SensorDiscovery {
    private static let axisNames = ["x", "y", "z"]

    /// The scale of each axis and where it was read; the values are nil when the context cannot read them.
    ///
    /// - Throws: ``SensorError/Reason/missingAttribute`` when an axis has no scale at all,
    ///   ``SensorError/Reason/malformedAttribute`` when one is not a number.
    static func scale(
        of axes: [DeviceSnapshot.ChannelSnapshot], kind: SensorKind, in device: DeviceSnapshot,
        reader: inout ValueReader
    ) throws(SensorError) -> (values: [Double]?, locations: [AttributeLocation]) {
        let type = kind.channelType
        var locations: [AttributeLocation] = []
        for (axis, channel) in axes.enumerated() {
            guard let location = locate(
                "scale", channel: channel, in: device,
                deviceFallbacks: ["in_\(type)_\(axisNames[axis])_scale", "in_\(type)_scale"])
            else {
                throw SensorError(
                    .missingAttribute, "\(device.displayName) has no scale for \(channel.id) (in_\(type)_scale)",
                    uri: reader.uri, device: device.displayName, attribute: "in_\(type)_scale")
            }
            locations.append(location)
        }
        return (try reader.doubles(at: locations), locations)
    }

    /// The offset of each axis in raw counts: 0 for axes without an offset attribute, nil when the context cannot
    /// read values.
    static func offset(
        of axes: [DeviceSnapshot.ChannelSnapshot], kind: SensorKind, in device: DeviceSnapshot,
        reader: inout ValueReader
    ) throws(SensorError) -> [Double]? {
        let type = kind.channelType
        var offsets: [Double] = []
        for (axis, channel) in axes.enumerated() {
            guard let location = locate(
                "offset", channel: channel, in: device,
                deviceFallbacks: ["in_\(type)_\(axisNames[axis])_offset", "in_\(type)_offset"])
            else {
                offsets.append(0)
                continue
            }
            guard let value = try reader.doubles(at: [location])?.first else { return nil }
            offsets.append(value)
        }
        return offsets
    }

    /// The mount matrix, where it came from, and the driver's attribute (if any, even when udev overrides it).
    ///
    /// udev's `ACCEL_MOUNT_MATRIX` (U) mounts the accelerometer. Another sensor of the same device with a driver
    /// matrix M of its own (the AK8963 inside an MPU-9250) is mounted through the accelerometer's driver matrix A:
    /// the driver says device = A · accel and device = M · magn, udev that device = U · accel, so U · A⁻¹ · M. Without
    /// an accelerometer (or an invertible A) U applies as it is.
    static func mountMatrix(
        of axes: [DeviceSnapshot.ChannelSnapshot], kind: SensorKind, in device: DeviceSnapshot, udev: String?,
        accelerometerMatrix: MountMatrix? = nil, reader: inout ValueReader
    ) throws(SensorError) -> (matrix: MountMatrix, source: MountMatrixSource, location: AttributeLocation?) {
        let location = mountMatrixLocation(of: axes, kind: kind, in: device)
        var driver = (matrix: MountMatrix.identity, source: MountMatrixSource.none)
        if let location, let text = try reader.text(at: location) {
            guard let matrix = MountMatrix(parsing: text) else {
                throw reader.malformed(location, text, expected: "a 3×3 matrix \"a, b, c; d, e, f; g, h, i\"")
            }
            driver = (matrix, .attribute)
        }
        guard let udev else { return (driver.matrix, driver.source, location) }
        guard let matrix = MountMatrix(parsing: udev) else {
            throw SensorError(
                .malformedAttribute,
                "udev property ACCEL_MOUNT_MATRIX of \(device.displayName) is '\(udev)', not a 3×3 matrix",
                uri: reader.uri, device: device.displayName, attribute: "ACCEL_MOUNT_MATRIX")
        }
        guard kind != .accelerometer, let accelerometerMatrix, let inverse = accelerometerMatrix.inverse else {
            return (matrix, .udev, location)
        }
        return (matrix.multiplied(by: inverse).multiplied(by: driver.matrix), .udev, location)
    }

    /// The correction of the driver's scale: the udev property `BODYREADINGS_<TYPE>_SCALE_FACTOR` when set (`udev`),
    /// else the entry of ``DriverQuirks`` for the device's driver.
    ///
    /// - Throws: ``SensorError/Reason/malformedAttribute`` when the property is not a positive number.
    static func scaleCorrection(
        kind: SensorKind, device: DeviceSnapshot, scale: [Double]?, udev: String?, reader: ValueReader
    ) throws(SensorError) -> ScaleCorrection? {
        let property = DriverQuirks.udevProperty(for: kind)
        guard let udev else { return DriverQuirks.correction(driver: device.name ?? "", kind: kind, scale: scale) }
        guard let factor = Double(udev[...].trimmingWhitespace), factor.isFinite, factor > 0 else {
            throw SensorError(
                .malformedAttribute,
                "udev property \(property) of \(device.displayName) is '\(udev)', not a positive number",
                uri: reader.uri, device: device.displayName, attribute: property)
        }
        return ScaleCorrection(factor: factor, source: .udev, reason: "udev property \(property)=\(udev)")
    }

    /// Where the mount matrix is, most specific first: `in_<type>_mount_matrix` (libiio: channel attribute
    /// `mount_matrix`), `in_mount_matrix` (libiio 0.24 parses it as the pseudo-channel `mount` with attribute
    /// `matrix`; other backends may list it as a device attribute), `mount_matrix` (device attribute).
    static func mountMatrixLocation(
        of axes: [DeviceSnapshot.ChannelSnapshot], kind: SensorKind, in device: DeviceSnapshot
    ) -> AttributeLocation? {
        if let typed = locate(
            "mount_matrix", channel: axes[0], in: device, deviceFallbacks: ["in_\(kind.channelType)_mount_matrix"])
        {
            return typed
        }
        if let mount = device.channels.first(where: { $0.id == "mount" && !$0.isOutput }),
            let file = mount.attributes["matrix"]
        {
            return .channel(id: mount.id, attribute: "matrix", file: file)
        }
        return ["in_mount_matrix", "mount_matrix"].first { device.attributes.contains($0) }.map { .device($0) }
    }

    /// The highest sampling frequency a sensor may report, Hz: above every IMU's fastest output rate (ICM-42688
    /// 32 kHz, LSM6DSO 6.66 kHz, BMI270 6.4 kHz) and every pulse sensor's (MAX86141 4,096 samples/s). A capture's
    /// buffers are sized from the rate (a refill holds an update interval's samples), so a driver or a remote iiod
    /// reporting more is refused as a malformed attribute rather than trusted with an allocation.
    static let maximumSamplingFrequency = 100_000.0

    /// The current sampling frequency (Hz) of the channels of IIO type `type` (`accel`, `pressure`), its attribute,
    /// and the accepted frequencies. A driver that cannot
    /// answer in its current state (EINVAL, EIO, EBUSY…) leaves the value unknown rather than failing discovery.
    static func samplingFrequency(
        of axes: [DeviceSnapshot.ChannelSnapshot], type: String, in device: DeviceSnapshot,
        reader: inout ValueReader
    ) throws(SensorError) -> (frequency: Double?, location: AttributeLocation?, available: FrequencyList?) {
        let location = locate(
            "sampling_frequency", channel: axes[0], in: device,
            deviceFallbacks: ["in_\(type)_sampling_frequency", "sampling_frequency"])
        var frequency: Double?
        let expected = "a number of Hz up to \(maximumSamplingFrequency.sysfsText)"
        if let location, let text = try reader.text(at: location, tolerateDriverErrors: true) {
            guard let value = Double(attributeText: text), value >= 0, value <= maximumSamplingFrequency else {
                throw reader.malformed(location, text, expected: expected)
            }
            frequency = value
        }
        let availableLocation = locate(
            "sampling_frequency_available", channel: axes[0], in: device,
            deviceFallbacks: ["in_\(type)_sampling_frequency_available", "sampling_frequency_available"])
        var available: FrequencyList?
        if let availableLocation, let text = try reader.text(at: availableLocation, tolerateDriverErrors: true) {
            guard let list = FrequencyList(parsing: text), list.highest <= maximumSamplingFrequency else {
                throw reader.malformed(
                    availableLocation, text,
                    expected: "frequencies in Hz (\"12.5 25 50\" or \"[min step max]\") up to "
                        + maximumSamplingFrequency.sysfsText)
            }
            available = list
        }
        return (frequency, location, available)
    }
}
