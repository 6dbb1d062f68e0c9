import Dispatch
import FoundationEssentials
import IIO
import SystemSupport

/// Captures the sensors of one IIO device — or its hardware step counter, or a barometer — on a thread of its own, with a context
/// of its own (libiio contexts are not thread-safe), and hands their readings to a `ReadingQueue`.
///
/// The thread sets the sampling frequency (`FrequencyPlan`), then captures through a buffer (`BufferedCapture`)
/// or, when discovery chose polling or the driver rejects the buffer with EINVAL (bmi160/bmi270 without a
/// trigger), by reading `in_*_raw` on a monotonic schedule (`PolledCapture`). A step counter is enabled and polled
/// (`StepCounterCapture`) on a thread of its own, even when its chip's accelerometer is captured too; a barometer is
/// set up and polled (`BarometerCapture`). Every sysfs
/// value it changes is restored when the thread ends, whatever the reason (`SysfsRestorer`), and no other
/// bodyreadings capture changes them meanwhile (`DeviceClaim`).
final class DeviceCapture: @unchecked Sendable {
    // @unchecked: `canceller`, `counts`, `startFailure` and `launched` are guarded by `lock`; the rest is immutable or
    // confined to the capture thread.

    /// The libiio context URI.
    let uri: String
    /// The IIO device id (`iio:device0`).
    let deviceID: String
    /// The sensors of that device to capture (none for a step counter's or a barometer's capture).
    let sensors: [DiscoveredSensor]
    /// The step counter to capture instead of sensors.
    let stepCounter: DiscoveredStepCounter?
    /// The barometer to capture instead of sensors.
    let barometer: DiscoveredBarometer?
    /// How sample times are obtained.
    let timestamps: CaptureTimestamps
    let configuration: CaptureConfiguration
    /// Where readings go.
    let queue: ReadingQueue
    /// The source's stop flag.
    let cancellation: CaptureCancellation

    private let lock = ThreadLock()
    private var canceller: Buffer.Canceller?
    private var counts = CaptureStatistics()
    private var startFailure: CaptureError?
    private var launched = false
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(
        uri: String, sensors: [DiscoveredSensor], stepCounter: DiscoveredStepCounter? = nil,
        barometer: DiscoveredBarometer? = nil, timestamps: CaptureTimestamps, configuration: CaptureConfiguration, queue: ReadingQueue,
        cancellation: CaptureCancellation
    ) {
        self.uri = uri
        self.deviceID = sensors.first?.deviceID ?? stepCounter?.deviceID ?? barometer?.deviceID ?? ""
        self.sensors = sensors
        self.stepCounter = stepCounter
        self.barometer = barometer
        self.timestamps = timestamps
        self.configuration = configuration
        self.queue = queue
        self.cancellation = cancellation
    }

    /// `accel_3d (iio:device0)`.
    var label: String {
        "\(sensors.first?.deviceName ?? stepCounter?.deviceName ?? barometer?.deviceName ?? "?") (\(deviceID))"
    }

    /// `/sys/bus/iio/devices/iio:deviceN`: where a local device's attributes live.
    var sysfsDirectory: String { "/sys/bus/iio/devices/" + deviceID }
    /// Whether the capture's context is the local one (its devices are in `sysfsDirectory`): discovery's URI, which
    /// names a local context `local:`. Known before the context opens, so that a failure to open it can be judged.
    private var isLocalContext: Bool { uri.hasPrefix("local:") }

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

    // MARK: What the capture loops report (thread-safe)

    /// Lets `cancel()` wake a refill blocked in `canceller`'s buffer; nil: nothing to wake.
    func arm(_ canceller: Buffer.Canceller?) {
        lock.lock()
        self.canceller = canceller
        lock.unlock()
    }

    /// Publishes the detector's counts of samples lost so far.
    func record(_ detector: OverrunDetector) {
        lock.lock()
        counts.overruns = detector.overruns
        counts.missedSamples = detector.missedSamples
        lock.unlock()
    }

    /// Counts a refill that failed and lost its data.
    func countBufferOverflow() {
        lock.lock()
        counts.bufferOverflows += 1
        lock.unlock()
    }

    // MARK: The capture thread

    private func run() {
        var didStart = false
        // Once: a buffered capture that falls back to polling has already started.
        let markStarted = { [self] in
            guard !didStart else { return }
            didStart = true
            started.signal()
        }
        var restoreFailures: [UnrestoredValue] = []
        var failure: CaptureError?
        do throws(CaptureError) {
            let context = try openContext()
            // Claimed before the first write and given up after the restorer ran (defers run last-declared first).
            let claim = try DeviceClaim(
                context: context, deviceID: deviceID, role: sensors.isEmpty && stepCounter != nil ? "steps" : nil,
                label: label)
            defer { claim.release() }
            restoreInherited(claim, context: context)
            var restorer = SysfsRestorer(journal: claim.record)
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
        if !restoreFailures.isEmpty {
            configuration.log(.notRestored(device: label, values: restoreFailures, gone: failure?.kind == .vanished))
        }
        if !didStart && startFailure == nil { started.signal() }
        queue.producerFinished()
        finished.signal()
    }

    /// Puts back what a capture of this device that was killed holding the claim had changed (newest first), says
    /// so once, and forgets the record. A value that cannot be written back is named; the capture goes on.
    private func restoreInherited(_ claim: DeviceClaim, context: Context) {
        let settings = claim.inherited
        guard !settings.isEmpty else { return }
        var restored: [String] = []
        var failed: [String] = []
        if let device = context.devices.first(where: { $0.id == deviceID }) {
            for setting in settings.reversed() {
                do {
                    if try setting.restore(on: device, in: context) { restored.append("\(setting.name) \(setting.original)") }
                } catch {
                    failed.append("\(setting.name) (\(error.errno))")
                }
            }
        }
        claim.discardInherited()
        guard !restored.isEmpty || !failed.isEmpty else { return }
        var text = "\(label): a bodyreadings capture killed before it could restore the device left it changed"
        if !restored.isEmpty { text += "; restored " + restored.joined(separator: ", ") }
        if !failed.isEmpty { text += "; could not restore " + failed.joined(separator: ", ") }
        configuration.log(.info(text + " (from \(claim.path ?? "its claim file"))"))
    }

    /// Lets a polling loop's reads over the network take up to 5 s (libiio's own default) before the connection is
    /// given up: a late answer only delays its tick, which the loop counts as a gap, whereas libiio's network client
    /// drops a connection whose answer timed out, so a shorter timeout would turn a slow board into a lost one.
    func allowSlowPolledReads(in context: Context) {
        try? context.setTimeout(milliseconds: 5000)
    }

    /// The capture's own context. A local context is read from sysfs as a whole: a device unplugged while it is
    /// read fails it with ENOENT, which is this device vanishing when its directory is gone.
    private func openContext() throws(CaptureError) -> Context {
        do {
            return try Context(uri: uri)
        } catch {
            if isVanish(error.errno) { throw removed }
            throw CaptureError(SensorError(error, uri: uri))
        }
    }

    private func capture(context: Context, restorer: inout SysfsRestorer, markStarted: () -> Void) throws(CaptureError) {
        guard let device = context.devices.first(where: { $0.id == deviceID }) else {
            throw CaptureError(.vanished, "\(label) is no longer in \(uri)")
        }
        if sensors.isEmpty, let stepCounter {
            let counter = StepCounterCapture(capture: self, context: context, device: device, counter: stepCounter)
            try counter.run(restorer: &restorer, markStarted: markStarted)
            return
        }
        if sensors.isEmpty, let barometer {
            let polled = BarometerCapture(capture: self, context: context, device: device, barometer: barometer)
            try polled.run(restorer: &restorer, markStarted: markStarted)
            return
        }
        for sensor in sensors {
            guard let correction = sensor.scaleCorrection else { continue }
            configuration.log("\(label): \(sensor.kind.rawValue) scale corrected, \(correction.reason)")
        }
        let plan = FrequencyPlan(sensors: sensors, interval: configuration.effectiveSamplingInterval)
        let rate = try apply(plan, to: device, restorer: &restorer)
        if sensors.allSatisfy({ $0.captureMode == .buffered }) {
            let buffered = BufferedCapture(capture: self, context: context, device: device, rate: rate)
            switch try buffered.run(restorer: &restorer, markStarted: markStarted) {
            case .ended:
                return
            case .needsPolling:
                configuration.log(
                    "\(label): buffer/enable rejected (EINVAL: no usable trigger); polling in_*_raw instead")
            case .silent(let seconds):
                configuration.log(
                    .info(
                        "\(label): the buffer delivered nothing in \(((seconds * 10).rounded() / 10).sysfsText) s (is the "
                            + "sensor's interrupt line wired?); polling in_*_raw instead"))
            }
        } else {
            configuration.log("\(label): polling in_*_raw (\(sensors[0].captureReason))")
        }
        // Motion is polled as fast as the update interval needs; a pulse sensor at its full rate (the detector
        // needs every sample).
        let pollRate = sensors.allSatisfy { $0.kind == .ppg } ? rate : min(plan.needed, rate)
        let polled = PolledCapture(capture: self, context: context, device: device, rate: pollRate)
        try polled.run(markStarted: markStarted)
    }

    /// Carries out `plan`: writes each chosen frequency, remembering the text it replaced for the restorer, and
    /// returns the device's rate (Hz) afterwards.
    private func apply(_ plan: FrequencyPlan, to device: Device, restorer: inout SysfsRestorer)
        throws(CaptureError) -> Double
    {
        var refused: Set<AttributeLocation> = []
        for step in plan.steps {
            if let announcement = plan.announcement(of: step) { configuration.log("\(label): \(announcement)") }
            guard let frequency = step.write else { continue }
            do {
                let previous = try device.readAttribute(at: step.location)
                restorer.willChange(.attribute(step.location), from: previous)
                try device.writeAttribute(at: step.location, value: frequency.sysfsText)
                restorer.changed(step.location.file, from: previous) { () throws(IIOError) in
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

    // MARK: Failures and losses, as the loops report them

    /// A libiio failure as a capture error: permission and busy errors naming what was refused, ENODEV as vanished,
    /// and ENOENT as vanished too when the local device's sysfs directory is gone (unplugged while the capture was
    /// set up: libiio writing `buffer/watermark` for a hub that just went). `attribute`: what was being written, nil
    /// for a read.
    func wrap(_ error: IIOError, writing attribute: String?) -> CaptureError {
        if isVanish(error.errno) { return error.errno == .noSuchDevice ? vanished(error) : removed }
        switch error.errno {
        case .permissionDenied, .notPermitted:
            let what = attribute.map { "cannot write \($0) of \(label)" } ?? "cannot read \(label)"
            return CaptureError(.permissionDenied, "\(what): permission denied")
        case .busy:
            return CaptureError(.busy, "\(label) is busy")
        default:
            return CaptureError(SensorError(error, uri: uri))
        }
    }

    /// Whether a failure with `errno` means the device went away: ENODEV always; ENOENT when the context is local
    /// and the device's sysfs directory no longer exists (elsewhere ENOENT is a missing attribute).
    static func isVanish(_ errno: IIOErrno, local: Bool, directoryExists: () -> Bool) -> Bool {
        switch errno {
        case .noSuchDevice: return true
        case .noSuchFileOrDirectory: return local && !directoryExists()
        default: return false
        }
    }

    /// Whether a failure with `errno` means this device went away (`isVanish(_:local:directoryExists:)`).
    private func isVanish(_ errno: IIOErrno) -> Bool {
        Self.isVanish(errno, local: isLocalContext) { FileManager.default.fileExists(atPath: sysfsDirectory) }
    }

    /// The device went away while streaming, as `error` says.
    func vanished(_ error: IIOError) -> CaptureError {
        CaptureError(.vanished, "\(label) vanished while streaming (\(error.errno))")
    }

    /// A failed attribute read of a polling loop: ENODEV/ENOENT after the first tick means the device went away.
    func readFailure(_ error: IIOError, first: Bool) -> CaptureError {
        if !first, error.errno == .noSuchDevice || error.errno == .noSuchFileOrDirectory { return vanished(error) }
        return wrap(error, writing: nil)
    }

    /// One value from a kept-open attribute of a polling loop; a failure on a device whose sysfs directory is gone
    /// is a vanish.
    func read(_ file: SysfsAttributeFile) throws(CaptureError) -> Double {
        let value: Double?
        do {
            value = try file.readDouble()
        } catch {
            if !FileManager.default.fileExists(atPath: sysfsDirectory) { throw removed }
            throw CaptureError(.io, "cannot read \(file.path): \(error.reason)")
        }
        guard let value else { throw CaptureError(.io, "\(file.path) does not hold a number") }
        return value
    }

    /// The local device's sysfs directory is gone.
    var removed: CaptureError {
        CaptureError(.vanished, "\(label) vanished while streaming (\(sysfsDirectory) is gone)")
    }

    /// Says which device lost samples, when one did (the totals go to the summary).
    func logLosses(_ detector: OverrunDetector) {
        guard detector.overruns > 0 else { return }
        let longest = (detector.largestGap * 1000).rounded().sysfsText
        let nominal = ((detector.period * 100_000).rounded() / 100).sysfsText
        configuration.log(
            .info(
                "\(label): \(detector.missedSamples) sample(s) missed in \(detector.overruns) gap(s), the longest "
                    + "\(longest) ms (nominal period \(nominal) ms)"))
    }
}
