import Foundation
import Glibc
import MotionSimulation

/// The mutable side of a served fixture, shared by all connections: attribute values (keyed by sysfs file, so
/// that writing `in_accel_scale` through one channel changes it for all accel channels, as in sysfs), current
/// triggers, the write log, and the trajectory clock that raw reads and buffers sample (motion from the trajectory,
/// light intensities from the pulse waveform).
final class ServerState: Sendable {
    let fixture: IIOFixture
    let trajectory: any Trajectory
    /// What intensity channels play.
    let pulse: PulseWaveform
    /// The die temperature temperature channels report, °C (trajectories carry none).
    static let dieTemperature = 25.0
    /// Trajectory seconds per wall-clock second; `.infinity` streams buffers as fast as the client reads.
    let rateScale: Double
    /// CLOCK_MONOTONIC at start, ns.
    let monotonicOrigin: Int64
    /// CLOCK_REALTIME at start, ns: the kernel timestamp of trajectory time 0.
    let timestampOrigin: Int64

    private struct Mutable {
        var values: [String: String] = [:]
        var triggers: [String: String?] = [:]
        var writes: [AttributeWrite] = []
        var commands: [String] = []
        var openBuffers: [String: Int] = [:]
        var connections = 0
    }
    private let mutable = Locked(Mutable())
    /// The step counters of the fixture's devices, by device id.
    private let stepCounters: Locked<[String: StepCounterModel]>

    /// Every n-th sample of the grid is left out of buffers (0: none).
    let dropEvery: Int
    private let vanishedErrno = Locked<Int32?>(nil)
    private let refusedWrites = Locked<Int32?>(nil)
    /// CLOCK_MONOTONIC (ns) until which every connection is stalled (0: none).
    private let stalledUntil = Locked<Int64>(0)
    /// Per device id: the delay (ns) before each of its next READs are answered, and how many READs are left.
    private let slowReadsLeft = Locked<[String: (Int64, Int)]>([:])

    init(fixture: IIOFixture, trajectory: any Trajectory, pulse: PulseWaveform, rateScale: Double, dropEvery: Int) {
        self.dropEvery = dropEvery
        self.fixture = fixture
        self.trajectory = trajectory
        self.pulse = pulse
        self.rateScale = rateScale > 0 ? rateScale : 1
        self.monotonicOrigin = Self.now(CLOCK_MONOTONIC)
        self.timestampOrigin = Self.now(CLOCK_REALTIME)
        var counters: [String: StepCounterModel] = [:]
        for device in fixture.devices {
            guard let input = device.channels.first(where: { $0.kind == .steps })?.attribute("input") else { continue }
            counters[device.id] = StepCounterModel(initial: Int(input.value) ?? 0)
        }
        self.stepCounters = Locked(counters)
        mutable.withLock { state in
            for device in fixture.devices {
                if case .settable(let current) = device.trigger { state.triggers[device.id] = current }
            }
        }
    }

    static func now(_ clock: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Trajectory time now, seconds (wall time × rate scale; plain wall time in fast mode).
    var trajectoryNow: Double {
        let elapsed = Double(Self.now(CLOCK_MONOTONIC) - monotonicOrigin) / 1e9
        return rateScale.isFinite ? elapsed * rateScale : elapsed
    }

    /// The wall-clock instant (monotonic ns) at which trajectory time `time` is reached.
    func monotonicDeadline(forTrajectoryTime time: Double) -> Int64? {
        guard rateScale.isFinite else { return nil }
        return monotonicOrigin + Int64((time / rateScale * 1e9).rounded(.up))
    }

    // MARK: Attributes

    static func key(device: FixtureDevice, kind: IIODAttributeKind, attribute: FixtureAttribute) -> String {
        "\(device.id)|\(kind.rawValue)|\(attribute.filename ?? attribute.name)"
    }

    func currentValue(device: FixtureDevice, kind: IIODAttributeKind, attribute: FixtureAttribute) -> String {
        let key = Self.key(device: device, kind: kind, attribute: attribute)
        return mutable.withLock { $0.values[key] } ?? attribute.value
    }

    /// What reading the attribute answers: its text, or a positive errno.
    func read(device: FixtureDevice, channel: FixtureChannel?, kind: IIODAttributeKind, attribute: FixtureAttribute)
        -> Result<String, ErrnoCode>
    {
        if let error = attribute.readError { return .failure(ErrnoCode(error)) }
        if let channel, attribute.name == "input", channel.kind == .steps || channel.kind == .activity {
            return .success(stepCounterValue(device: device, channel: channel))
        }
        let measured: Set<ChannelKind> = [.accel, .anglvel, .magn, .temp, .intensity]
        if let channel, attribute.name == "raw", measured.contains(channel.kind) {
            // iio_device_claim_direct_mode: no single reads while the buffer runs.
            if device.rawBusyWhileBuffered && openBuffers(of: device.id) > 0 { return .failure(ErrnoCode(EBUSY)) }
            if device.rawNeedsBuffer && openBuffers(of: device.id) == 0 { return .failure(ErrnoCode(EAGAIN)) }
            return .success(String(rawValue(device: device, channel: channel, truth: trajectory.truth(at: trajectoryNow))))
        }
        return .success(currentValue(device: device, kind: kind, attribute: attribute))
    }

    /// Applies a write; answers the byte count or a negative errno, and logs it.
    func write(
        device: FixtureDevice, channel: FixtureChannel?, kind: IIODAttributeKind, attribute: FixtureAttribute,
        bytes: [UInt8]
    ) -> Int {
        var text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        let result: Int
        if let error = attribute.writeError ?? refusedWrites.withLock({ $0 }) {
            result = -Int(error)
        } else if attribute.isReadOnly {
            result = -Int(EACCES)
        } else if !accepts(text, device: device, channel: channel, attribute: attribute) {
            result = -Int(EINVAL)
        } else {
            result = bytes.count
        }
        let key = Self.key(device: device, kind: kind, attribute: attribute)
        let stored = Self.formatted(text, like: attribute.value)
        if result >= 0, let channel, channel.kind == .steps, attribute.name == "en" {
            let enabled = (Double(text.trimmingCharacters(in: .whitespaces)) ?? 0) != 0
            let now = trajectoryNow
            stepCounters.withLock { $0[device.id]?.setEnabled(enabled, at: now, trajectory: trajectory) }
        }
        mutable.withLock { state in
            if result >= 0 { state.values[key] = stored }
            state.writes.append(AttributeWrite(
                device: device.id, channel: channel?.id, kind: kind, attribute: attribute.name, value: text,
                result: result
            ))
        }
        return result
    }

    /// A written number as the driver prints it back: with as many decimals as the fixture's value (drivers
    /// format with IIO_VAL_INT → "50", IIO_VAL_INT_PLUS_MICRO → "50.000000"); text is kept as written.
    static func formatted(_ text: String, like original: String) -> String {
        let trimmed = original.trimmingCharacters(in: .whitespaces)
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite,
              trimmed.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil
        else { return text }
        let decimals = trimmed.split(separator: ".").dropFirst().first?.count ?? 0
        return String(format: "%.\(decimals)f", number)
    }

    /// Whether the attribute's `ValueRule` lets `text` through.
    private func accepts(_ text: String, device: FixtureDevice, channel: FixtureChannel?, attribute: FixtureAttribute)
        -> Bool
    {
        let requested = Double(text.trimmingCharacters(in: .whitespaces))
        switch attribute.rule {
        case .any:
            return true
        case .range(let range):
            return requested.map { range.contains($0) } ?? false
        case .automatic:
            guard Double(attribute.value.trimmingCharacters(in: .whitespaces)) != nil else { return true }
            guard let requested else { return false }
            guard let list = availableList(device: device, channel: channel, for: attribute) else { return true }
            // Kernel tables compare at micro precision (IIO_VAL_INT_PLUS_MICRO).
            return list.contains { abs($0 - requested) < 1e-6 }
        }
    }

    /// The discrete `<name>_available` list of an attribute, when there is one.
    private func availableList(device: FixtureDevice, channel: FixtureChannel?, for attribute: FixtureAttribute)
        -> [Double]?
    {
        let availableName = attribute.name + "_available"
        let available = channel?.attribute(availableName).map { (IIODAttributeKind.channel, $0) }
            ?? device.attribute(availableName).map { (IIODAttributeKind.device, $0) }
        guard let (kind, found) = available else { return nil }
        let text = currentValue(device: device, kind: kind, attribute: found)
        guard !text.contains("[") else { return nil }
        let values = text.split(separator: " ").compactMap { Double($0) }
        return values.isEmpty ? nil : values
    }

    /// `in_steps_input` (the count) or `in_activity_<modifier>_input` (100 or 0) now.
    private func stepCounterValue(device: FixtureDevice, channel: FixtureChannel) -> String {
        let now = trajectoryNow
        if channel.kind == .steps {
            return String(stepCounters.withLock { $0[device.id]?.value(at: now, trajectory: trajectory) } ?? 0)
        }
        let activity = StepCounterModel.activity(at: now, trajectory: trajectory)
        switch channel.id {
        case "activity_walking": return String(activity.walking)
        case "activity_running": return String(activity.running)
        default: return String(activity.still)
        }
    }

    // MARK: Triggers

    func trigger(of device: FixtureDevice) -> Result<String?, ErrnoCode> {
        switch device.trigger {
        case .unsupported(let errno): return .failure(ErrnoCode(errno))
        case .settable: return .success(mutable.withLock { $0.triggers[device.id] ?? nil })
        }
    }

    func setTrigger(of device: FixtureDevice, to trigger: FixtureDevice?) -> Int {
        switch device.trigger {
        case .unsupported(let errno): return -Int(errno)
        case .settable:
            mutable.withLock { $0.triggers[device.id] = .some(trigger?.name) }
            return 0
        }
    }

    // MARK: Vanishing devices

    /// Set once the devices "vanished": the errno their buffers answer from then on.
    var vanished: Int32? { vanishedErrno.withLock { $0 } }

    func vanish(errno: Int32) { vanishedErrno.withLock { $0 = errno } }

    func refuseWrites(errno: Int32) { refusedWrites.withLock { $0 = errno } }

    // MARK: A starved server, a slow bus

    func stall(seconds: Double) {
        let until = Self.now(CLOCK_MONOTONIC) + Int64(seconds * 1e9)
        stalledUntil.withLock { $0 = max($0, until) }
    }

    func slowReads(of device: String, seconds: Double, count: Int) {
        slowReadsLeft.withLock { $0[device] = (Int64(seconds * 1e9), count) }
    }

    /// Sleeps while a stall set by `stall(seconds:)` lasts and, before a READ of a device `slowReads` slowed down,
    /// for that read's delay; false as soon as `ended()` says the connection is over.
    func waitOutStall(before command: [String] = [], unless ended: () -> Bool) -> Bool {
        var until = stalledUntil.withLock { $0 }
        if command.count >= 2, command[0].uppercased() == "READ", let device = fixture.device(command[1]) {
            let delay = slowReadsLeft.withLock { slowed -> Int64 in
                guard let (delay, left) = slowed[device.id], left > 0 else { return 0 }
                slowed[device.id] = (delay, left - 1)
                return delay
            }
            until = max(until, Self.now(CLOCK_MONOTONIC) + delay)
        }
        while true {
            let remaining = until - Self.now(CLOCK_MONOTONIC)
            if remaining <= 0 { return true }
            if ended() { return false }
            var request = timespec(tv_sec: 0, tv_nsec: Int(min(remaining, 50_000_000)))
            nanosleep(&request, nil)
        }
    }

    // MARK: Bookkeeping for tests

    func log(command: String) { mutable.withLock { $0.commands.append(command) } }
    var commands: [String] { mutable.withLock { $0.commands } }
    var writes: [AttributeWrite] { mutable.withLock { $0.writes } }
    func adjustOpenBuffers(of device: String, by delta: Int) {
        mutable.withLock { $0.openBuffers[device, default: 0] += delta }
    }
    var openBuffers: Int { mutable.withLock { $0.openBuffers.values.reduce(0, +) } }
    func openBuffers(of device: String) -> Int { mutable.withLock { $0.openBuffers[device] ?? 0 } }
    func adjustConnections(by delta: Int) { mutable.withLock { $0.connections += delta } }
    var connections: Int { mutable.withLock { $0.connections } }

    // MARK: Sample encoding

    /// The device's sampling frequency in Hz (its fixed rate, else the device attribute, else the first channel's),
    /// 0 when unknown.
    func samplingFrequency(of device: FixtureDevice) -> Double {
        if let fixed = device.fixedRate { return fixed }
        if let attribute = device.attribute("sampling_frequency"),
           let value = Double(currentValue(device: device, kind: .device, attribute: attribute)) {
            return value
        }
        for channel in device.scanChannels {
            if let attribute = channel.attribute("sampling_frequency"),
               let value = Double(currentValue(device: device, kind: .channel, attribute: attribute)) {
                return value
            }
        }
        return 0
    }

    /// How one channel turns truth into raw counts, snapshotted from the current attribute values.
    struct ChannelEncoding {
        var kind: ChannelKind
        var axis: Int
        var scale: Double
        var offset: Double
        var inverseMount: FixtureMountMatrix
        /// An intensity channel's profile, with the pulse it follows.
        var intensity: (profile: IntensityProfile, pulse: PulseWaveform)?
    }

    func encoding(device: FixtureDevice, channel: FixtureChannel) -> ChannelEncoding {
        func number(_ name: String, default fallback: Double) -> Double {
            guard let attribute = channel.attribute(name) else { return fallback }
            return Double(currentValue(device: device, kind: .channel, attribute: attribute)) ?? fallback
        }
        var mount = FixtureMountMatrix.identity
        // Most specific first: in_<type>_mount_matrix, in_mount_matrix (libiio's channel `mount`), mount_matrix.
        let matrixText = channel.attribute("mount_matrix").map { currentValue(device: device, kind: .channel, attribute: $0) }
            ?? device.channel("mount")?.attribute("matrix").map { currentValue(device: device, kind: .channel, attribute: $0) }
            ?? device.attribute("mount_matrix").map { currentValue(device: device, kind: .device, attribute: $0) }
        if let matrixText, let parsed = FixtureMountMatrix(matrixText) { mount = parsed }
        return ChannelEncoding(
            kind: channel.kind, axis: channel.axis?.rawValue ?? 0, scale: number("scale", default: 1),
            offset: number("offset", default: 0), inverseMount: mount.inverse ?? .identity,
            intensity: channel.intensity.map { ($0, pulse) }
        )
    }

    /// Raw counts for `truth`: (raw + offset) · scale = M⁻¹ · physical, in the IIO unit of the channel type.
    static func raw(_ encoding: ChannelEncoding, truth: MotionTruth, timestampOrigin: Int64, time: Double) -> Int64 {
        let physical: SIMD3<Double>
        switch encoding.kind {
        case .timestamp:
            return timestampOrigin + Int64((time * 1e9).rounded())
        case .other, .current, .steps, .activity:
            return 0
        case .intensity:
            guard let (profile, pulse) = encoding.intensity else { return 0 }
            return Int64(profile.counts(pulse: pulse.value(at: time)).rounded())
        case .temp:
            let milliDegrees = Self.dieTemperature * 1000
            return Int64((milliDegrees / encoding.scale - encoding.offset).rounded())
        case .accel: physical = truth.specificForce.simd
        case .anglvel: physical = truth.angularVelocity.simd
        case .magn: physical = truth.magneticField.simd / 100  // µT → Gauss
        }
        let sensor = encoding.inverseMount.apply(physical)
        let value = sensor[encoding.axis] / (encoding.scale == 0 ? 1 : encoding.scale) - encoding.offset
        guard value.isFinite else { return 0 }
        return Int64(max(min(value.rounded(), 9.0e18), -9.0e18))
    }

    func rawValue(device: FixtureDevice, channel: FixtureChannel, truth: MotionTruth) -> Int64 {
        var value = Self.raw(
            encoding(device: device, channel: channel), truth: truth, timestampOrigin: timestampOrigin,
            time: trajectoryNow
        )
        if let format = channel.scanFormat { value = min(max(value, format.rawRange.lowerBound), format.rawRange.upperBound) }
        return value
    }
}
