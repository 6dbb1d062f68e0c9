#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IIO

/// Finds the accelerometer, gyroscope, magnetometer and pulse sensors (and hardware step counters and barometers) in
/// an IIO context
/// and describes how to read them.
///
/// Handles combined IMUs (bmi160, inv_mpu6050: `accel_*` and `anglvel_*` channels in one device) and split ones
/// (st_lsm6dsx, inv_icm42600, HID `accel_3d`/`gyro_3d`/`magn_3d`: one device per sensor), the pulse sensors of
/// the health drivers (`SensorDiscovery+PPG.swift`) and barometers (`SensorDiscovery+Barometers.swift`). Everything
/// blocks on
/// attribute reads (see ``Context``); call it on the thread that owns the context.
public enum SensorDiscovery {
    /// Opens the context `uri` names (nil or empty: `local:`) and discovers its sensors.
    ///
    /// A local machine without an IIO subsystem (`/sys/bus/iio` missing) is not an error: the inventory is empty.
    ///
    /// - Throws: ``SensorError`` (see ``openContext(uri:)`` and ``discover(in:environment:)``).
    public static func discover(uri: String? = nil, environment: DiscoveryEnvironment = .system)
        throws(SensorError) -> SensorInventory
    {
        let uri = normalized(uri)
        guard let context = try openContext(uri: uri) else {
            return SensorInventory(
                uri: uri, backend: "local", contextDescription: "no IIO subsystem (/sys/bus/iio is missing)",
                sensors: [], valuesAvailable: true)
        }
        return try discover(in: context, environment: environment)
    }

    /// Opens a context, turning libiio's errors into ``SensorError``s with a clear reason. Returns nil for a local
    /// context on a machine without an IIO subsystem.
    ///
    /// - Throws: ``SensorError`` with reason ``SensorError/Reason/malformedURI`` (unknown scheme, `ip:` without
    ///   host), ``SensorError/Reason/missingContextFile`` / ``SensorError/Reason/malformedContextFile`` (`xml:`),
    ///   ``SensorError/Reason/contextUnreachable`` (nothing at the `ip:` address, no such USB device),
    ///   ``SensorError/Reason/permissionDenied``.
    public static func openContext(uri: String?) throws(SensorError) -> Context? {
        let uri = normalized(uri)
        try validate(uri: uri)
        if uri.hasPrefix("xml:") {
            let path = String(uri.dropFirst(4))
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
                throw SensorError(.missingContextFile, "no XML context file '\(path)'", uri: uri)
            }
            guard access(path, R_OK) == 0 else {
                throw SensorError(.permissionDenied, "cannot read XML context file '\(path)'", uri: uri, errno: 13)
            }
        }
        do {
            return try Context(uri: uri)
        } catch {
            switch error.errno {
            case .noSuchFileOrDirectory where uri.hasPrefix("local:"):
                return nil
            case .notImplemented:
                throw SensorError(.malformedURI, "libiio has no backend for '\(uri)'", uri: uri, errno: error.errno.rawValue)
            case .invalidArgument where uri.hasPrefix("xml:"):
                let detail = error.detail.map { ": \($0)" } ?? ""
                throw SensorError(
                    .malformedContextFile, "'\(uri.dropFirst(4))' is not a valid IIO context description\(detail)",
                    uri: uri, errno: error.errno.rawValue)
            case .noSuchDeviceOrAddress where uri.hasPrefix("ip:"):
                // libiio falls back to an Avahi lookup when the name does not resolve; its complaint about the
                // Avahi daemon would mislead, so the error says what happened.
                let host = host(of: uri) ?? String(uri.dropFirst(3))
                throw SensorError(
                    .contextUnreachable, "host '\(host)' of '\(uri)' does not resolve", uri: uri,
                    errno: error.errno.rawValue)
            case .permissionDenied, .notPermitted:
                throw SensorError(
                    .permissionDenied, SensorError.message(for: error, uri: uri), uri: uri,
                    errno: error.errno.rawValue)
            case .timedOut, .ioError, .noSuchFileOrDirectory, .noSuchDevice:
                throw SensorError(
                    .contextUnreachable, SensorError.message(for: error, uri: uri), uri: uri,
                    errno: error.errno.rawValue)
            default:
                var wrapped = SensorError(error, uri: uri)
                if wrapped.reason == .ioError { wrapped.reason = .contextUnreachable }
                throw wrapped
            }
        }
    }

    /// Discovers the sensors of an open context.
    ///
    /// On `xml:` contexts values cannot be read: scale, offset, frequencies and trigger are nil, the mount matrix
    /// is the identity, and ``SensorInventory/valuesAvailable`` is false.
    ///
    /// - Throws: ``SensorError``: ``SensorError/Reason/missingAttribute`` for a sensor without scale,
    ///   ``SensorError/Reason/malformedAttribute`` for a value that does not parse, and the wrapped libiio errors
    ///   (permission denied, device vanished, timeout).
    public static func discover(in context: Context, environment: DiscoveryEnvironment = .system)
        throws(SensorError) -> SensorInventory
    {
        let snapshots = context.devices.map(DeviceSnapshot.init)
        let hardware = context.attribute("hw_serial") ?? context.attribute("hw_model") ?? host(of: context.uri)
            ?? context.name
        let result = try analyze(
            snapshots, isLocal: context.isLocal, contextIdentity: hardware, uri: context.uri, environment: environment)
        return SensorInventory(
            uri: context.uri, backend: context.name, contextDescription: context.contextDescription,
            sensors: result.sensors, stepCounters: result.stepCounters, barometers: result.barometers,
            valuesAvailable: result.valuesAvailable)
    }

    // MARK: - Rules

    /// The rules of discovery over device snapshots: which devices carry which sensors, and their details.
    static func analyze(
        _ devices: [DeviceSnapshot], isLocal: Bool, contextIdentity: String, uri: String,
        environment: DiscoveryEnvironment
    ) throws(SensorError) -> (
        sensors: [DiscoveredSensor], stepCounters: [DiscoveredStepCounter], barometers: [DiscoveredBarometer],
        valuesAvailable: Bool
    ) {
        let identities = identities(
            of: devices, isLocal: isLocal, contextIdentity: contextIdentity, environment: environment)
        let triggerNames = Set(devices.filter(\.isTrigger).compactMap(\.name))
        var sensors: [DiscoveredSensor] = []
        var stepCounters: [DiscoveredStepCounter] = []
        var barometers: [DiscoveredBarometer] = []
        var valuesAvailable = true
        for device in devices where !device.isTrigger {
            var reader = ValueReader(
                device: device, uri: uri,
                sysfsDirectory: isLocal ? "\(environment.sysfsRoot)/bus/iio/devices/\(device.id)" : nil)
            let identity = identities[device.id] ?? SensorIdentity(rawValue: device.name ?? device.id)
            if let counter = try stepCounter(of: device, identity: identity, reader: &reader) {
                stepCounters.append(counter)
            }
            let parent = isLocal ? environment.busPath(deviceID: device.id) : nil
            if let barometer = try barometer(of: device, identity: identity, parent: parent, reader: &reader) {
                barometers.append(barometer)
            }
            let kinds = SensorKind.motion.filter { axes(of: device, kind: $0) != nil }
            let isPulseSensor = device.name.flatMap { PulseDriver(rawValue: $0.lowercased()) } != nil
            guard !kinds.isEmpty || isPulseSensor else {
                if reader.sawUnsupported { valuesAvailable = false }
                continue
            }
            let trigger = try reader.trigger()
            let ownTrigger = device.deviceNumber.flatMap { number in
                device.name.map { "\($0)-dev\(number)" }
            }.flatMap { triggerNames.contains($0) ? $0 : nil }
            let udevMatrix = isLocal ? environment.udevProperty("ACCEL_MOUNT_MATRIX", deviceID: device.id) : nil
            // The accelerometer's own driver matrix, through which udev's matrix reaches the device's other sensors.
            var accelerometerMatrix: MountMatrix?
            if udevMatrix != nil, let accelerometer = axes(of: device, kind: .accelerometer) {
                accelerometerMatrix = try mountMatrix(
                    of: accelerometer, kind: .accelerometer, in: device, udev: nil, reader: &reader).matrix
            }
            for kind in kinds {
                guard let axes = axes(of: device, kind: kind) else { continue }
                // 1. Conversion to SI: scale (required), the correction of a driver that breaks the ABI, and offset
                //    (zero when absent).
                let (scale, scaleLocations) = try scale(of: axes, kind: kind, in: device, reader: &reader)
                let correction = try scaleCorrection(
                    kind: kind, device: device, scale: scale,
                    udev: isLocal ? environment.udevProperty(DriverQuirks.udevProperty(for: kind), deviceID: device.id)
                        : nil,
                    reader: reader)
                let offset = try offset(of: axes, kind: kind, in: device, reader: &reader)
                // 2. Orientation: the driver's mount matrix, overridden by udev's ACCEL_MOUNT_MATRIX.
                let mount = try mountMatrix(
                    of: axes, kind: kind, in: device, udev: udevMatrix, accelerometerMatrix: accelerometerMatrix,
                    reader: &reader)
                // 3. Rate: the current sampling frequency and what the driver accepts.
                let rate = try samplingFrequency(of: axes, type: kind.channelType, in: device, reader: &reader)
                // 4. Capture: buffered through a trigger or FIFO, or polled.
                let (mode, reason) = captureMode(device: device, axes: axes, trigger: trigger, ownTrigger: ownTrigger)
                sensors.append(
                    DiscoveredSensor(
                        kind: kind, deviceID: device.id, deviceName: device.name ?? device.id, label: device.label,
                        identity: identity, parent: parent,
                        axes: axes.map { SensorChannel(id: $0.id, scanIndex: $0.scanIndex, format: $0.format) },
                        timestamp: device.channels.first { $0.type == "timestamp" && !$0.isOutput }.map {
                            SensorChannel(id: $0.id, scanIndex: $0.scanIndex, format: $0.format)
                        },
                        scale: scale, scaleAttributes: scaleLocations, scaleCorrection: correction, offset: offset, mountMatrix: mount.matrix,
                        mountMatrixSource: mount.source, mountMatrixAttribute: mount.location,
                        samplingFrequency: rate.frequency, samplingFrequencyAttribute: rate.location,
                        availableFrequencies: rate.available, trigger: trigger.name, isTriggerKnown: trigger.known,
                        ownTrigger: ownTrigger, captureMode: mode, captureReason: reason))
            }
            if isPulseSensor,
                let pulse = pulseSensor(of: device, identity: identity, trigger: trigger, ownTrigger: ownTrigger)
            {
                sensors.append(pulse)
            }
            if reader.sawUnsupported { valuesAvailable = false }
        }
        return (sensors, stepCounters, barometers, valuesAvailable)
    }

    /// The input channels x, y, z of the sensor kind, or nil when the device lacks one of them.
    static func axes(of device: DeviceSnapshot, kind: SensorKind) -> [DeviceSnapshot.ChannelSnapshot]? {
        let candidates = device.channels.filter { !$0.isOutput && $0.type == kind.channelType }
        let ordered = (0..<3).compactMap { axis in candidates.first { $0.axis == axis } }
        return ordered.count == 3 ? ordered : nil
    }

    /// Where an attribute is: on the channel (libiio attaches shared `in_accel_scale` and per-axis
    /// `in_accel_x_scale` to the channel as `scale`), else the first device attribute of `deviceFallbacks`.
    static func locate(
        _ attribute: String, channel: DeviceSnapshot.ChannelSnapshot, in device: DeviceSnapshot,
        deviceFallbacks: [String]
    ) -> AttributeLocation? {
        if let file = channel.attributes[attribute] {
            return .channel(id: channel.id, attribute: attribute, file: file)
        }
        return deviceFallbacks.first { device.attributes.contains($0) }.map { .device($0) }
    }

    /// Chooses buffered or polled capture (see ``CaptureMode``).
    static func captureMode(
        device: DeviceSnapshot, axes: [DeviceSnapshot.ChannelSnapshot], trigger: TriggerAnswer, ownTrigger: String?
    ) -> (CaptureMode, String) {
        guard axes.allSatisfy({ $0.format != nil }) else {
            return (.polled, "no scan elements: values are read from in_*_raw")
        }
        if let current = trigger.name {
            return (.buffered, "triggered buffer (current trigger \(current))")
        }
        if let ownTrigger {
            return (.buffered, "triggered buffer (own trigger \(ownTrigger))")
        }
        if hasHardwareFIFO(device) {
            return (.buffered, "hardware FIFO, no trigger needed")
        }
        return (.polled, "no trigger and no hardware FIFO: buffer/enable would fail, in_*_raw is polled")
    }

    /// True for drivers that fill their buffer from a hardware FIFO without a trigger: st_lsm6dsx (`lsm6dsm_accel`,
    /// `ism330dhcx_gyro`, …), inv_icm42600 (`icm42605-accel`, …), or any device with `hwfifo_*` attributes.
    static func hasHardwareFIFO(_ device: DeviceSnapshot) -> Bool {
        if (device.attributes + device.bufferAttributes).contains(where: { $0.hasPrefix("hwfifo_") }) { return true }
        guard let name = device.name?.lowercased() else { return false }
        let stFamilies = ["lsm6ds", "ism330", "asm330", "lsm9ds1", "lsm6dsv"]
        if stFamilies.contains(where: name.hasPrefix), name.hasSuffix("_accel") || name.hasSuffix("_gyro") {
            return true
        }
        return name.hasPrefix("icm426") && (name.hasSuffix("-accel") || name.hasSuffix("-gyro"))
    }

    /// Stable identities for every sensor device (see ``SensorIdentity`` for the rule).
    static func identities(
        of devices: [DeviceSnapshot], isLocal: Bool, contextIdentity: String, environment: DiscoveryEnvironment
    ) -> [String: SensorIdentity] {
        var result: [String: SensorIdentity] = [:]
        var seen: [String: Int] = [:]
        for device in devices where !device.isTrigger {
            var base = device.name ?? device.id
            if let label = device.label, !label.isEmpty { base += "+\(label)" }
            let place = (isLocal ? environment.busPath(deviceID: device.id) : nil) ?? contextIdentity
            var text = "\(base)@\(place)"
            let count = (seen[text] ?? 0) + 1
            seen[text] = count
            if count > 1 { text += "#\(count)" }
            result[device.id] = SensorIdentity(rawValue: text)
        }
        return result
    }
}
