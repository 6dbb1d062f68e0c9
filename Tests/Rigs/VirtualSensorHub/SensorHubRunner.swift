import Foundation
import Glibc
import MotionMath
import MotionSimulation

/// Runs the virtual sensor hub: creates the uhid device, answers the driver's feature requests, and plays input
/// reports from a trajectory at each sensor's report interval while the driver has it powered and reporting.
public struct SensorHubRunner {
    /// What to play and for how long.
    public struct Settings: Sendable {
        /// The motion to play. Default ``HubTrajectory/rest``.
        public var trajectory: HubTrajectory = .rest
        /// Sensor error model (bias, offset, noise, seed).
        public var imu = SensorErrorModel.Settings()
        /// Stop (and destroy the device) after this many seconds; nil runs until SIGTERM/SIGINT.
        public var duration: Double?
        /// Vanish after this many seconds, as an unplugged sensor would: sends UHID_DESTROY and exits 0.
        public var unplugAfter: Double?
        /// The HID device name.
        public var name = "BodyReadings virtual sensor hub"
        /// Written (empty) once the device is created, so a scenario can wait for it.
        public var readyFile: String?
        /// Written with the CLOCK_REALTIME and CLOCK_MONOTONIC seconds of the trajectory's t = 0 ("REAL MONO"), so
        /// that kernel timestamps (realtime by default) and host arrival times map to trajectory time.
        public var startFile: String?
        /// Appended with "REALTIME SENSOR" (CLOCK_REALTIME seconds, `accel_3d` …) for every input report sent, so that
        /// `check-stream --send-log` can tell the feeder's own stalls from a product's losses.
        public var sendLog: String?
        /// Log every uhid request to stderr.
        public var verbose = false
        /// Shortest report interval honoured, ms: a driver write of 0 means "fastest", which a TCG guest cannot keep.
        public var minimumIntervalMilliseconds: UInt32 = 5

        public init() {}
    }

    public let settings: Settings
    private var properties: [HubSensor: SensorProperties] = [:]
    private var nextDue: [HubSensor: Double] = [:]
    private var imu: SensorErrorModel
    private let motion: any Trajectory
    private var sent: [HubSensor: Int] = [:]
    private var restarts = 0
    private var sendLog: Int32 = -1

    public init(settings: Settings) {
        self.settings = settings
        self.imu = SensorErrorModel(settings: settings.imu)
        self.motion = settings.trajectory.make()
        for sensor in HubSensor.allCases {
            properties[sensor] = SensorProperties()
        }
    }

    /// Runs until the duration ends, the unplug time comes, or SIGTERM/SIGINT arrives; then destroys the device.
    public mutating func run() throws(SystemError) {
        let signals = try PendingSignals(signals: [SIGTERM, SIGINT])
        let device = try UHIDDevice()
        try device.send(
            UHIDEvent.create2(
                name: settings.name, descriptor: HubSensor.hubDescriptor().bytes, vendor: 0x1209, product: 0x0001))
        if let readyFile = settings.readyFile { createFile(readyFile) }
        if let path = settings.sendLog {
            sendLog = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            if sendLog < 0 { throw SystemError("open \(path)", errno: errno) }
        }
        defer { if sendLog >= 0 { close(sendLog) } }
        let start = monotonicSeconds()
        if let startFile = settings.startFile { writeStartFile(startFile, monotonicStart: start) }
        let end = [settings.duration, settings.unplugAfter].compactMap { $0 }.min()
        log("created; trajectory \(settings.trajectory.rawValue)")

        while true {
            let now = monotonicSeconds() - start
            if let end, now >= end { break }
            try sendDueReports(device: device, now: now)

            var wake = end ?? now + 1
            for sensor in HubSensor.allCases where properties[sensor]?.isStreaming == true {
                wake = min(wake, nextDue[sensor] ?? now)
            }
            // At most 50 ms between looks at pending signals.
            let timeout = Int32(max(0, min(50, ((wake - (monotonicSeconds() - start)) * 1000).rounded(.up))))
            var fds = [pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, timeout)
            if ready < 0 && errno != EINTR { throw SystemError("poll", errno: errno) }
            if let signal = signals.take() {
                log("signal \(signal): destroying the device")
                break
            }
            if fds[0].revents & Int16(POLLIN) != 0, let event = try device.receive() {
                try handle(event, device: device, now: monotonicSeconds() - start)
            }
        }
        try device.send(UHIDEvent.destroy())
        // Always reported: how many reports went out and how often the cadence was lost to a long stall.
        let counts = HubSensor.allCases.map { "\($0.iioName) \(sent[$0, default: 0])" }.joined(separator: ", ")
        printError("virtual-hub: destroyed after sending \(counts) reports; \(restarts) cadence restarts")
    }

    private mutating func handle(_ event: UHIDEvent.Received, device: UHIDDevice, now: Double) throws(SystemError) {
        switch event {
        case .getReport(let id, let number, let type):
            guard let sensor = HubSensor(rawValue: number) else {
                try device.send(UHIDEvent.getReportReply(id: id, error: UInt16(EINVAL), report: []))
                return
            }
            let report: [UInt8]
            switch type {
            case .feature:
                report = properties[sensor, default: SensorProperties()].encoded(reportID: number)
            case .input, .output:
                report = sensor.inputReport(sensor.value(in: imu.read(motion.truth(at: now))))
            }
            log("GET_REPORT \(type) \(sensor.iioName) → \(report)")
            try device.send(UHIDEvent.getReportReply(id: id, report: report))
        case .setReport(let id, let number, let type, let data):
            if type == .feature, let sensor = HubSensor(rawValue: number),
                let new = SensorProperties(decoding: data)
            {
                let old = properties[sensor, default: SensorProperties()]
                properties[sensor] = new
                if new.isStreaming && (!old.isStreaming || new.reportIntervalMilliseconds != old.reportIntervalMilliseconds) {
                    nextDue[sensor] = now
                }
                if new.isStreaming != old.isStreaming { logSend(sensor, new.isStreaming ? " on" : " off") }
                log("SET_REPORT \(sensor.iioName) \(new)")
                try device.send(UHIDEvent.setReportReply(id: id))
            } else {
                log("SET_REPORT rejected: report \(number) \(type) \(data)")
                try device.send(UHIDEvent.setReportReply(id: id, error: UInt16(EINVAL)))
            }
        default:
            log("event \(event)")
        }
    }

    private mutating func sendDueReports(device: UHIDDevice, now: Double) throws(SystemError) {
        var reading: SensorErrorModel.Reading?
        for sensor in HubSensor.allCases {
            guard let sensorProperties = properties[sensor], sensorProperties.isStreaming,
                let due = nextDue[sensor], now >= due
            else { continue }
            let interval = Double(max(sensorProperties.reportIntervalMilliseconds, settings.minimumIntervalMilliseconds)) / 1000
            // One truth per pass: the trajectory is the costly part, and sensors due together share the instant.
            let current = reading ?? imu.read(motion.truth(at: now))
            reading = current
            try device.send(UHIDEvent.input2(sensor.inputReport(sensor.value(in: current))))
            sent[sensor, default: 0] += 1
            logSend(sensor)
            // Keep the cadence like a sensor's own clock: a short stall (the guest descheduled for a few intervals)
            // is caught up at once; after a long one the cadence restarts instead of bursting.
            if due + 10 * interval < now {
                nextDue[sensor] = now + interval
                restarts += 1
            } else {
                nextDue[sensor] = due + interval
            }
        }
    }

    /// Appends "REALTIME SENSOR" (a report sent) or, with `event` " on"/" off", the product switching the sensor, to
    /// the `--send-log`.
    private func logSend(_ sensor: HubSensor, _ event: String = "") {
        guard sendLog >= 0 else { return }
        let line = Array((String(format: "%.6f", realtimeSeconds()) + " \(sensor.iioName)\(event)\n").utf8)
        _ = line.withUnsafeBytes { write(sendLog, $0.baseAddress, $0.count) }
    }

    private func log(_ message: String) {
        if settings.verbose {
            printError("virtual-hub: \(message)\n")
        }
    }
}
