import IIO
import SystemSupport

/// Readings from the IIO sensors of a libiio context (`local:` by default, `ip:` through iiod, `usb:`): the
/// preferred accelerometer, gyroscope, magnetometer and pulse sensor that discovery found — those that give the
/// readings a capture asks for (`CaptureConfiguration.readings`) —, each device captured on its own thread
/// (buffered, or polled when the driver cannot buffer), merged by the reader; and, when the capture asks for
/// `stepCount` readings, the preferred hardware step counter, enabled and polled on a thread of its own; when it asks
/// for `pressure` readings, the preferred barometer, set up and polled on a thread of its own.
///
/// Timestamps: the devices' kernel timestamps when every device is buffered with a timestamp channel (they share
/// the kernel's clock). On a local context where only some have one (a HID hub's magnetometer), kernel timestamps
/// for those and the host clock their `current_timestamp_clock` names, read at arrival, for the others; otherwise
/// the host's monotonic clock for all of them, so that merged devices agree.
public final class IIOMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `captures` and `queue` are guarded by `lock`.

    /// What discovery found in the context.
    public let inventory: SensorInventory
    public let info: MotionSourceInfo
    /// The sensors that can be captured: the preferred accelerometer, gyroscope, magnetometer and pulse sensor.
    public let sensors: [DiscoveredSensor]
    /// The hardware step counter captured when `stepCount` readings are asked for.
    public let stepCounter: DiscoveredStepCounter?
    /// The barometer captured when `pressure` readings are asked for.
    public let barometer: DiscoveredBarometer?

    private let lock = ThreadLock()
    /// Ends the device threads (passed to each `DeviceCapture`).
    private let cancellation = CaptureCancellation()
    /// Ends `read()`; `finishCapture()` ends the devices but not the reader, which drains what they captured.
    private let readerCancellation = CaptureCancellation()
    private var captures: [DeviceCapture] = []
    private var queue: ReadingQueue?

    /// Discovers the sensors of the context `uri` names (nil: `local:`).
    ///
    /// - Throws: `CaptureError` `.noMotionSensors` when the context has no accelerometer, gyroscope, magnetometer,
    ///   step counter, pulse sensor or barometer, and discovery's failures (unreachable context, permission denied…).
    public static func open(uri: String?) throws(CaptureError) -> IIOMotionSource {
        let inventory: SensorInventory
        do {
            inventory = try SensorDiscovery.discover(uri: uri)
        } catch {
            throw CaptureError(error)
        }
        return try IIOMotionSource(inventory: inventory)
    }

    /// A source over an inventory discovery already made.
    public init(inventory: SensorInventory) throws(CaptureError) {
        let chosen = SensorKind.allCases.compactMap { inventory.preferred($0) }
        guard !chosen.isEmpty || inventory.preferredStepCounter != nil || inventory.preferredBarometer != nil else {
            throw CaptureError(
                .noMotionSensors,
                "no sensor found in \(inventory.uri) (no IIO accelerometer, gyroscope, magnetometer, step counter, "
                    + "pulse sensor or barometer)")
        }
        guard inventory.valuesAvailable else {
            throw CaptureError(
                .notFound,
                "\(inventory.uri) only describes its sensors (scales cannot be read); use a local: or ip: context")
        }
        self.inventory = inventory
        self.sensors = chosen
        self.stepCounter = inventory.preferredStepCounter
        self.barometer = inventory.preferredBarometer
        let gyroscope = chosen.first { $0.kind == .gyroscope }
        let accelerometer = chosen.first { $0.kind == .accelerometer }
        let others = [stepCounter?.deviceName, barometer?.deviceName].compactMap { $0 }
        let names = Array(Set(chosen.map(\.deviceName) + others)).sorted().joined(separator: " + ")
        self.info = MotionSourceInfo(
            name: "iio \(inventory.uri): \(names)",
            hasAccelerometer: accelerometer != nil,
            hasGyroscope: gyroscope != nil,
            hasMagnetometer: chosen.contains { $0.kind == .magnetometer },
            // Unknown without a list of available rates (HID hubs accept any report interval).
            maximumSampleRate: Self.highest((gyroscope ?? accelerometer)?.availableFrequencies),
            hasStepCounter: inventory.preferredStepCounter != nil, hasPPG: chosen.contains { $0.kind == .ppg },
            hasBarometer: inventory.preferredBarometer != nil)
    }

    private static func highest(_ list: FrequencyList?) -> Double? {
        switch list {
        case .discrete(let values): values.max()
        case .range(_, _, let maximum): maximum
        case nil: nil
        }
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        let wanted = sensors.filter { configuration.readings.contains(SensorReading.Kind($0.kind)) }
        var jobs = Dictionary(grouping: wanted, by: \.deviceID).sorted { $0.key < $1.key }.map {
            Job(sensors: $0.value)
        }
        if let stepCounter, configuration.readings.contains(.stepCount) {
            jobs.append(Job(sensors: [], stepCounter: stepCounter))
        }
        if let barometer, configuration.readings.contains(.pressure) {
            jobs.append(Job(sensors: [], barometer: barometer))
        }
        guard !jobs.isEmpty else {
            let asked = configuration.readings.map(\.rawValue).sorted().joined(separator: ", ")
            throw CaptureError(.notFound, "\(inventory.uri) has no sensor for the readings asked for (\(asked))")
        }
        let policy = timestampPolicy(jobs: jobs)
        if let note = policy.note { configuration.log(.info(note)) }
        let queue = ReadingQueue(producers: jobs.count)
        let captures = jobs.map {
            DeviceCapture(
                uri: inventory.uri, sensors: $0.sensors, stepCounter: $0.stepCounter, barometer: $0.barometer,
                timestamps: policy.timestamps($0),
                configuration: configuration, queue: queue, cancellation: cancellation)
        }
        lock.lock()
        self.queue = queue
        self.captures = captures
        lock.unlock()
        for capture in captures {
            do {
                try capture.start()
            } catch {
                stop()
                throw error
            }
        }
    }

    /// What one capture thread reads: the sensors of one device, a step counter, or a barometer.
    private struct Job {
        var sensors: [DiscoveredSensor]
        var stepCounter: DiscoveredStepCounter? = nil
        var barometer: DiscoveredBarometer? = nil

        var deviceID: String { sensors.first?.deviceID ?? stepCounter?.deviceID ?? barometer?.deviceID ?? "" }
        var deviceName: String { sensors.first?.deviceName ?? stepCounter?.deviceName ?? barometer?.deviceName ?? "" }
        /// Every sample carries the device's kernel timestamp.
        var isKernelStamped: Bool {
            !sensors.isEmpty && sensors.allSatisfy { $0.captureMode == .buffered && $0.timestamp != nil }
        }
    }

    /// How each device's samples get their time, so that every device shares one time base: kernel timestamps
    /// when all devices are buffered with a timestamp channel; on a local context, kernel timestamps where they
    /// exist and the matching host clock (from `current_timestamp_clock`) elsewhere; otherwise the host's monotonic
    /// clock at arrival for all.
    private func timestampPolicy(jobs: [Job]) -> TimestampPolicy {
        if jobs.allSatisfy(\.isKernelStamped) {
            return TimestampPolicy(note: nil) { _ in .kernel }
        }
        let stamped = jobs.filter(\.isKernelStamped)
        if jobs.count == 1 || (stamped.isEmpty && Set(jobs.map(\.deviceID)).count == 1) {
            // One device has one time base whatever it is: the host's monotonic clock at arrival.
            return TimestampPolicy(note: nil) { _ in .arrival(.monotonic) }
        }
        let unstamped = jobs.filter { !$0.isKernelStamped }.map(\.deviceName).joined(separator: ", ")
        var why = "\(unstamped) without buffered kernel timestamps"
        if inventory.backend != "local" {
            why += ", a \(inventory.backend) context"
        } else if !stamped.isEmpty {
            let clocks = Set(stamped.map { Self.timestampClock(uri: inventory.uri, deviceID: $0.deviceID) })
            let host: HostClock? =
                clocks == ["realtime"] ? .realtime : clocks == ["monotonic"] ? .monotonic : nil
            if let host {
                return TimestampPolicy(
                    note: "timestamps: kernel where a device has them, the host's \(clocks.first ?? "") clock for "
                        + unstamped
                ) { $0.isKernelStamped ? .kernel : .arrival(host) }
            }
            why += ", current_timestamp_clock \(clocks.sorted().joined(separator: "/"))"
        }
        return TimestampPolicy(note: "timestamps: the host's monotonic clock at arrival (\(why))") { _ in
            .arrival(.monotonic)
        }
    }

    /// The clock behind a local device's kernel timestamps (`realtime`, `monotonic`, `boottime`…), or why it is
    /// unknown.
    private static func timestampClock(uri: String, deviceID: String) -> String {
        do {
            let context = try Context(uri: uri)
            guard let device = context.devices.first(where: { $0.id == deviceID }) else { return "unknown (no device)" }
            return String(Substring(try device.readAttribute("current_timestamp_clock")).trimmingWhitespace)
        } catch {
            return "unreadable (\(error.errno))"
        }
    }

    private struct TimestampPolicy {
        var note: String?
        var timestamps: (Job) -> CaptureTimestamps
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        lock.lock()
        let queue = self.queue
        lock.unlock()
        guard let queue, !readerCancellation.isCancelled else { return nil }
        return try queue.pop()
    }

    public func cancel() {
        readerCancellation.cancel()
        cancellation.cancel()
        lock.lock()
        let captures = self.captures
        let queue = self.queue
        lock.unlock()
        captures.forEach { $0.cancel() }
        queue?.cancel()
    }

    public func stop() {
        cancel()
        joinCaptures()
    }

    /// Ends the device threads, each restoring its device, and waits for them; what they pushed before stays in the
    /// queue, and `read()` returns nil after it (every producer finished).
    public func finishCapture() {
        cancellation.cancel()
        lock.lock()
        let captures = self.captures
        lock.unlock()
        captures.forEach { $0.cancel() }
        joinCaptures()
    }

    /// Waits until every device thread has restored its device and ended.
    private func joinCaptures() {
        lock.lock()
        let captures = self.captures
        lock.unlock()
        captures.forEach { $0.join() }
    }

    public var statistics: CaptureStatistics {
        lock.lock()
        let captures = self.captures
        let queue = self.queue
        lock.unlock()
        var total = captures.reduce(CaptureStatistics()) { $0 + $1.statistics }
        total.droppedReadings += queue?.droppedReadings ?? 0
        return total
    }
}
