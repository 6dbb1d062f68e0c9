import Dispatch
import FoundationEssentials
import MotionMath
import IIO
import SystemSupport

/// Captures the sensors of one IIO device on a thread of its own, with a context of its own (libiio contexts are
/// not thread-safe), and hands their readings to a `ReadingQueue`.
///
/// Buffered capture selects the device's own trigger when it has one (HID `<name>-dev<N>`), none for hardware-FIFO
/// drivers, enables the axis and timestamp scan elements, sets the sampling frequency, and refills a buffer of
/// `rate × interval` samples so that readings are at most one update interval old. When the driver rejects the
/// buffer with EINVAL (bmi160/bmi270 without a trigger) or discovery chose polling, `in_*_raw` is read on a monotonic
/// schedule instead. Every sysfs value it changes is restored when the thread ends, whatever the reason.
final class DeviceCapture: @unchecked Sendable {
    // @unchecked: `canceller`, `counts`, `startFailure` and `launched` are guarded by `lock`; the rest is immutable or confined
    // to the capture thread.

    /// How sample times are obtained.
    enum Timestamps: Sendable, Equatable {
        /// The device's timestamp channel (ns, the kernel's `current_timestamp_clock`).
        case kernel
        /// A host clock read when a batch arrives, spread back over the batch by the sampling period.
        case arrival(HostClock)
    }

    /// A clock of this machine, matching a kernel `current_timestamp_clock` so that devices with and without a
    /// timestamp channel share one time base.
    enum HostClock: Sendable, Equatable {
        /// `CLOCK_MONOTONIC` (`MonotonicClock`).
        case monotonic
        /// `CLOCK_REALTIME` (`Date`), the kernel's default timestamp clock.
        case realtime

        func now() -> Double {
            switch self {
            case .monotonic: MonotonicClock.now()
            case .realtime: Date().timeIntervalSince1970
            }
        }
    }

    let uri: String
    let deviceID: String
    let sensors: [DiscoveredSensor]
    let timestamps: Timestamps
    let configuration: CaptureConfiguration
    let queue: ReadingQueue
    let cancellation: CaptureCancellation

    private let lock = ThreadLock()
    private var canceller: Buffer.Canceller?
    private var counts = CaptureStatistics()
    private var startFailure: CaptureError?
    private var launched = false
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(
        uri: String, sensors: [DiscoveredSensor], timestamps: Timestamps, configuration: CaptureConfiguration,
        queue: ReadingQueue, cancellation: CaptureCancellation
    ) {
        self.uri = uri
        self.deviceID = sensors.first?.deviceID ?? ""
        self.sensors = sensors
        self.timestamps = timestamps
        self.configuration = configuration
        self.queue = queue
        self.cancellation = cancellation
    }

    /// `accel_3d (iio:device0)`.
    var label: String { "\(sensors.first?.deviceName ?? "?") (\(deviceID))" }

    /// Starts the thread and waits until capture runs (the first refill is armed) or failed to start.
    func start() throws(CaptureError) {
        lock.lock()
        launched = true
        lock.unlock()
        NamedThread.start(name: "br \(deviceID)") { [self] in run() }
        started.wait()
        lock.lock()
        let failure = startFailure
        lock.unlock()
        if let failure { throw failure }
    }

    /// Unblocks a waiting refill or poll; the thread then restores and ends. Thread-safe.
    func cancel() {
        lock.lock()
        let canceller = self.canceller
        lock.unlock()
        canceller?.cancel()
    }

    /// Waits until the thread has restored the device and ended (at once when it was never started).
    func join() {
        lock.lock()
        let wasLaunched = launched
        lock.unlock()
        guard wasLaunched else { return }
        finished.wait()
        finished.signal()
    }

    /// Overruns and buffer failures seen so far.
    var statistics: CaptureStatistics {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    // MARK: The capture thread

    private func run() {
        var didStart = false
        let markStarted = { [self] in
            didStart = true
            started.signal()
        }
        var restoreFailures: [String] = []
        var failure: CaptureError?
        do throws(CaptureError) {
            let context = try openContext()
            var restorer = SysfsRestorer()
            defer { restoreFailures = restorer.restore() }
            try capture(context: context, restorer: &restorer, markStarted: markStarted)
        } catch {
            failure = error
            if didStart {
                queue.fail(error)
            } else {
                lock.lock()
                startFailure = error
                lock.unlock()
                started.signal()
            }
        }
        if failure?.kind == .vanished, !restoreFailures.isEmpty {
            // Nothing is left to restore on a device that is gone; one line instead of one per value.
            configuration.log("\(label): gone, \(restoreFailures.count) changed value(s) could not be restored")
        } else {
            for restoreFailure in restoreFailures {
                configuration.log("warning: \(label): could not restore \(restoreFailure)")
            }
        }
        if !didStart && startFailure == nil { started.signal() }
        queue.producerFinished()
        finished.signal()
    }

    private func openContext() throws(CaptureError) -> Context {
        do {
            return try Context(uri: uri)
        } catch {
            throw CaptureError(SensorError(error, uri: uri))
        }
    }

    private func capture(context: Context, restorer: inout SysfsRestorer, markStarted: () -> Void) throws(CaptureError) {
        guard let device = context.devices.first(where: { $0.id == deviceID }) else {
            throw CaptureError(.vanished, "\(label) is no longer in \(uri)")
        }
        let plan = FrequencyPlan(sensors: sensors, interval: configuration.updateInterval)
        let rate = try apply(plan, to: device, restorer: &restorer)
        if sensors.allSatisfy({ $0.captureMode == .buffered }) {
            let outcome = try captureBuffered(
                context: context, device: device, rate: rate, restorer: &restorer, markStarted: markStarted)
            guard outcome == .needsPolling else { return }
            configuration.log(
                "\(label): buffer/enable rejected (EINVAL: no usable trigger); polling in_*_raw instead")
        } else {
            configuration.log("\(label): polling in_*_raw (\(sensors[0].captureReason))")
        }
        try capturePolled(context: context, device: device, rate: rate, markStarted: markStarted)
    }

    // MARK: Sampling frequency

    /// Carries out `plan` (see `FrequencyPlan`): writes each chosen frequency, remembering the text it replaced for
    /// the restorer, and returns the device's rate (Hz) afterwards.
    private func apply(_ plan: FrequencyPlan, to device: Device, restorer: inout SysfsRestorer)
        throws(CaptureError) -> Double
    {
        var refused: Set<AttributeLocation> = []
        for step in plan.steps {
            if let announcement = plan.announcement(of: step) { configuration.log("\(label): \(announcement)") }
            guard let frequency = step.write else { continue }
            do {
                let previous = try device.readAttribute(at: step.location)
                try device.writeAttribute(at: step.location, value: frequency.sysfsText)
                restorer.changed(step.location.file) { () throws(IIOError) in
                    try device.writeAttribute(at: step.location, value: previous)
                }
            } catch {
                guard case .raise = step.action, error.errno == .invalidArgument else {
                    throw wrap(error, writing: step.location.file)
                }
                refused.insert(step.location)
            }
            if let outcome = plan.outcome(of: step, refused: refused.contains(step.location)) {
                configuration.log("\(label): \(outcome)")
            }
        }
        return plan.rate(refused: refused)
    }

    // MARK: Buffered capture

    private enum BufferedOutcome { case ended, needsPolling }

    private struct Layout {
        var sensor: DiscoveredSensor
        var kind: SensorReading.Kind
        var formats: [ScanFormat]
        var offsets: [Int]
    }

    private func captureBuffered(
        context: Context, device: Device, rate: Double, restorer: inout SysfsRestorer, markStarted: () -> Void
    ) throws(CaptureError) -> BufferedOutcome {
        // 1. Trigger: the device's own one (HID `<name>-dev<N>`), none for FIFO drivers.
        if let own = sensors.compactMap(\.ownTrigger).first {
            let current: Device?
            do { current = try device.trigger() } catch { current = nil }
            if current?.name != own {
                guard let trigger = context.devices.first(where: { $0.isTrigger && $0.name == own }) else {
                    throw CaptureError(.notFound, "\(label): its trigger \(own) is missing from \(uri)")
                }
                do {
                    try device.setTrigger(trigger)
                } catch {
                    throw wrap(error, writing: "trigger/current_trigger")
                }
                configuration.log("\(label): trigger \(own) selected")
                restorer.changed("trigger/current_trigger") { () throws(IIOError) in
                    try device.setTrigger(current)
                }
            }
        }

        // 2. Scan elements: the axes of every sensor, and the timestamp when it is used.
        for channel in device.channels where channel.isScanElement { channel.disable() }
        var layouts: [Layout] = []
        var timestampChannel: Channel?
        var timestampFormat: ScanFormat?
        for sensor in sensors {
            var formats: [ScanFormat] = []
            for axis in sensor.axes {
                guard let channel = device.channel(axis.id), let format = axis.format, format.isDecodable else {
                    throw CaptureError(.notFound, "\(label): channel \(axis.id) has no usable scan element")
                }
                channel.enable()
                formats.append(format)
            }
            layouts.append(Layout(sensor: sensor, kind: Self.kind(sensor.kind), formats: formats, offsets: []))
        }
        if timestamps == .kernel, let stamp = sensors.compactMap(\.timestamp).first,
            let channel = device.channel(stamp.id), let format = stamp.format, format.isDecodable
        {
            channel.enable()
            timestampChannel = channel
            timestampFormat = format
        }

        // 3. The buffer: rate × interval samples per refill keeps readings at most one interval old.
        let samples = max(1, Int((rate * configuration.updateInterval).rounded(.down)))
        let timeoutMilliseconds = UInt32(max(1000, 3000 * Double(samples) / rate))
        try? context.setTimeout(milliseconds: timeoutMilliseconds)
        let previousLength = try? device.readAttribute("length", .buffer)
        // The kernel keeps `samples × blocks` samples (libiio's default is 4 blocks: 80 ms at 50 Hz with one sample
        // per refill). A HID hub delivers late reports in bursts, and a reader descheduled for a moment would lose
        // samples in the kernel; about a second of room costs no latency (a refill still returns after `samples`).
        let blocks = max(4, Int((rate / Double(samples)).rounded(.up)))
        try? device.setKernelBuffersCount(blocks)
        let buffer: Buffer
        do {
            buffer = try device.createBuffer(samples: samples)
        } catch {
            if error.errno == .invalidArgument { return .needsPolling }
            throw wrap(error, writing: "buffer/enable")
        }
        if let previousLength {
            restorer.changed("buffer/length") { () throws(IIOError) in
                try device.writeAttribute("length", .buffer, value: previousLength)
            }
        }
        for index in layouts.indices {
            var offsets: [Int] = []
            for axis in layouts[index].sensor.axes {
                guard let channel = device.channel(axis.id), let offset = buffer.byteOffset(of: channel) else {
                    throw CaptureError(.internalError, "\(label): libiio did not place channel \(axis.id)")
                }
                offsets.append(offset)
            }
            layouts[index].offsets = offsets
        }
        let timestampOffset = timestampChannel.flatMap { buffer.byteOffset(of: $0) }
        let arrivalClock: HostClock
        if case .arrival(let clock) = timestamps { arrivalClock = clock } else { arrivalClock = .monotonic }
        let network = !context.isLocal
        configuration.log(
            "\(label): buffered capture, \(samples) sample\(samples == 1 ? "" : "s") per refill at "
                + "\(rate.sysfsText) Hz\(network ? " over the network (one round trip per refill)" : "")")

        // Over the network a cancelled buffer loses its connection before libiio can close it cleanly (iiod keeps it
        // open, libiio prints READ errors): when a refill lasts at most half a second, let the last one finish.
        let refillSeconds = Double(samples) / rate
        if !network || refillSeconds > 0.5 {
            lock.lock()
            canceller = buffer.canceller
            lock.unlock()
            if cancellation.isCancelled { buffer.cancel() }
        }
        defer {
            lock.lock()
            canceller = nil
            lock.unlock()
        }
        // An unplugged local device leaves a refill asleep until its timeout: watch sysfs and wake it (VanishWatch).
        let watch = network ? nil : VanishWatch(localDevice: deviceID) { [weak self] in self?.cancel() }
        watch?.start()
        defer { watch?.stop() }
        markStarted()

        // 4. Refill until cancelled, decoding every sample in place.
        // Late samples may be made up within a quarter of a second (a HID hub catching up after a stall).
        var detector = OverrunDetector(period: 1 / rate, horizon: max(10, Int((0.25 * rate).rounded(.up))))
        defer { logLosses(detector) }
        var lastTime = -Double.infinity
        var batch: [SensorReading] = []
        var measuredRefills = 0
        let measureStart = MonotonicClock.now()
        while !cancellation.isCancelled {
            do {
                try buffer.refill()
            } catch {
                if cancellation.isCancelled { break }
                if watch?.hasFired == true {
                    throw CaptureError(.vanished, "\(label) vanished while streaming (\(sysfsDirectory) is gone)")
                }
                try handleRefillFailure(error, device: device)
                continue
            }
            let arrival = arrivalClock.now()
            let count = buffer.sampleCount
            let step = buffer.step
            batch.removeAll(keepingCapacity: true)
            buffer.withUnsafeBytes { bytes in
                for index in 0..<count {
                    let base = index * step
                    var t: Double
                    if let timestampOffset, let timestampFormat {
                        t = Double(timestampFormat.integer(in: bytes, at: base + timestampOffset)) / 1e9
                    } else {
                        t = arrival - Double(count - 1 - index) / rate
                        t = max(t, lastTime + 0.5 / rate)
                    }
                    lastTime = t
                    // Gaps mean lost samples only in kernel time; arrival times gap with the host's scheduling.
                    if timestampOffset != nil { detector.observe(t) }
                    for layout in layouts {
                        let raw = SIMD3(
                            layout.formats[0].value(in: bytes, at: base + layout.offsets[0]),
                            layout.formats[1].value(in: bytes, at: base + layout.offsets[1]),
                            layout.formats[2].value(in: bytes, at: base + layout.offsets[2]))
                        guard let value = layout.sensor.convert(raw: raw) else { continue }
                        batch.append(SensorReading(kind: layout.kind, t: t, value: Vector3(value)))
                    }
                }
            }
            queue.push(batch)
            lock.lock()
            counts.overruns = detector.overruns
            counts.missedSamples = detector.missedSamples
            lock.unlock()
            if network, measuredRefills < 20 {
                measuredRefills += 1
                if measuredRefills == 20 {
                    let achieved = Double(20 * samples) / (MonotonicClock.now() - measureStart)
                    if achieved < 0.9 * rate {
                        configuration.log(
                            "warning: \(label): the network delivers about \(achieved.sysfsText) samples/s of "
                                + "\(rate.sysfsText) Hz; use a longer --interval (bigger batches per round trip)")
                    }
                }
            }
        }
        return .ended
    }

    /// A refill failed while not cancelled: a timeout is a stall unless the device is gone; the device missing or
    /// the connection lost ends the capture as vanished.
    private func handleRefillFailure(_ error: IIOError, device: Device) throws(CaptureError) {
        switch error.errno {
        case .timedOut, .resourceTemporarilyUnavailable:
            lock.lock()
            counts.bufferOverflows += 1
            lock.unlock()
            // Still there? A sysfs read fails on a device that was unplugged or unbound.
            let probe = sensors.first?.scaleAttributes.first ?? sensors.first?.samplingFrequencyAttribute
            if let probe {
                do {
                    _ = try device.readAttribute(at: probe)
                } catch {
                    throw vanished(error)
                }
            }
        case .noSuchDevice, .noSuchFileOrDirectory, .connectionReset, .brokenPipe, .connectionRefused,
            .hostUnreachable, .noSuchDeviceOrAddress, .ioError:
            throw vanished(error)
        default:
            throw CaptureError(SensorError(error, uri: uri))
        }
    }

    private func vanished(_ error: IIOError) -> CaptureError {
        CaptureError(.vanished, "\(label) vanished while streaming (\(error.errno))")
    }

    // MARK: Polled capture

    private func capturePolled(context: Context, device: Device, rate: Double, markStarted: () -> Void)
        throws(CaptureError)
    {
        let needed = SamplingFrequencyChoice.needed(forInterval: configuration.updateInterval)
        let pollRate = min(needed, rate)
        let period = 1 / pollRate
        var axes: [(sensor: DiscoveredSensor, kind: SensorReading.Kind, channels: [Channel])] = []
        for sensor in sensors {
            let channels = sensor.axes.compactMap { device.channel($0.id) }
            guard channels.count == 3 else {
                throw CaptureError(.notFound, "\(label): \(sensor.kind.rawValue) axes missing")
            }
            axes.append((sensor, Self.kind(sensor.kind), channels))
        }
        // Locally, the raw attributes stay open and are re-read (SysfsAttributeFile): a fraction of libiio's cost.
        var files: [[SysfsAttributeFile]]?
        if context.isLocal {
            let opened = axes.map { axis in
                axis.channels.compactMap { channel in
                    channel.attributeFilename("raw").flatMap { SysfsAttributeFile(path: sysfsDirectory + "/" + $0) }
                }
            }
            if opened.allSatisfy({ $0.count == 3 }) { files = opened }
        }
        try? context.setTimeout(milliseconds: 1000)
        let pollClock: HostClock
        if case .arrival(let clock) = timestamps { pollClock = clock } else { pollClock = .monotonic }
        var detector = OverrunDetector(period: period, horizon: max(10, Int((0.25 * pollRate).rounded(.up))))
        defer { logLosses(detector) }
        var batch: [SensorReading] = []
        var next = MonotonicClock.now()
        let pollStart = next
        var ticks = 0
        var rateStated = false
        var first = true
        let over = context.isLocal ? "" : " over the network (one round trip per axis)"
        configuration.log("\(label): polling at \(pollRate.sysfsText) Hz\(over)")
        while !cancellation.isCancelled {
            batch.removeAll(keepingCapacity: true)
            for (sensorIndex, (sensor, kind, channels)) in axes.enumerated() {
                var raw = SIMD3<Double>()
                for (index, channel) in channels.enumerated() {
                    if let file = files?[sensorIndex][index] {
                        raw[index] = try readPolled(file)
                        continue
                    }
                    do {
                        raw[index] = try channel.readAttribute("raw", as: Double.self)
                    } catch {
                        if !first, error.errno == .noSuchDevice || error.errno == .noSuchFileOrDirectory {
                            throw vanished(error)
                        }
                        throw wrap(error, writing: nil)
                    }
                }
                guard let value = sensor.convert(raw: raw) else { continue }
                batch.append(SensorReading(kind: kind, t: pollClock.now(), value: Vector3(value)))
            }
            if first {
                first = false
                markStarted()
            }
            detector.observe(batch.first?.t ?? MonotonicClock.now())
            queue.push(batch)
            lock.lock()
            counts.overruns = detector.overruns
            counts.missedSamples = detector.missedSamples
            lock.unlock()
            next += period
            let now = MonotonicClock.now()
            ticks += 1
            if !rateStated, now - pollStart >= 1 {
                rateStated = true
                let achieved = Double(ticks) / (now - pollStart)
                if achieved < 0.9 * pollRate {
                    configuration.log(
                        "warning: \(label): polling achieves about \(achieved.rounded().sysfsText) Hz of "
                            + "\(pollRate.sysfsText) Hz (each read is a round trip); use a longer --interval")
                }
            }
            if now > next + period {
                // Behind schedule (a slow round trip): skip the missed ticks instead of bursting to catch up.
                next += ((now - next) / period).rounded(.down) * period
            }
            if !cancellation.wait(untilMonotonic: next) { break }
        }
    }

    /// One raw value from a kept-open attribute; a failure on a device whose sysfs directory is gone is a vanish.
    private func readPolled(_ file: SysfsAttributeFile) throws(CaptureError) -> Double {
        let value: Double?
        do {
            value = try file.readDouble()
        } catch {
            if !FileManager.default.fileExists(atPath: sysfsDirectory) {
                throw CaptureError(.vanished, "\(label) vanished while streaming (\(sysfsDirectory) is gone)")
            }
            throw CaptureError(.io, "cannot read \(file.path): \(error)")
        }
        guard let value else {
            throw CaptureError(.io, "\(file.path) does not hold a number")
        }
        return value
    }

    /// Says which device lost samples, when one did (the totals go to the summary).
    private func logLosses(_ detector: OverrunDetector) {
        guard detector.overruns > 0 else { return }
        let longest = (detector.largestGap * 1000).rounded().sysfsText
        let nominal = ((detector.period * 100_000).rounded() / 100).sysfsText
        configuration.log(
            "\(label): \(detector.missedSamples) sample(s) missed in \(detector.overruns) gap(s), the longest "
                + "\(longest) ms (nominal period \(nominal) ms)")
    }

    /// `/sys/bus/iio/devices/iio:deviceN`: where a local device's attributes live.
    private var sysfsDirectory: String { "/sys/bus/iio/devices/" + deviceID }

    // MARK: Helpers

    private func wrap(_ error: IIOError, writing attribute: String?) -> CaptureError {
        switch error.errno {
        case .permissionDenied, .notPermitted:
            let what = attribute.map { "cannot write \($0) of \(label)" } ?? "cannot read \(label)"
            return CaptureError(.permissionDenied, "\(what): permission denied" + CaptureError.permissionFix)
        case .busy:
            return CaptureError(.busy, "\(label) is busy" + CaptureError.busyFix)
        case .noSuchDevice:
            return vanished(error)
        default:
            return CaptureError(SensorError(error, uri: uri))
        }
    }

    static func kind(_ kind: SensorKind) -> SensorReading.Kind {
        switch kind {
        case .accelerometer: .accelerometer
        case .gyroscope: .gyroscope
        case .magnetometer: .magnetometer
        }
    }
}
