import IIO
import MotionMath
import SystemSupport

/// Capture by reading each axis's `in_<type>_<axis>_raw` (a pulse sensor's `in_intensityN_raw`) on a monotonic
/// schedule, on the capture thread of a `DeviceCapture`: for drivers without a usable buffer (bmi160/bmi270 without
/// an IRQ line, afe440x without one) and when discovery chose polling.
///
/// Each tick reads every axis of every sensor, stamps the tick's readings with one host-clock time, when its last
/// value arrived, and sleeps until the next tick; a tick missed by a slow round trip is skipped rather than caught up
/// in a burst. One time per tick lets `SampleMerger` pair a tick's gyroscope with its own accelerometer at once; an
/// accelerometer stamped before its gyroscope would make the sample wait for the next tick's, so that a slow next
/// tick (over a second for a bmi160 on a loaded network) held it back past `RecordingRowAssembler`'s lag. On a local
/// context the raw attributes stay open and are re-read (`SysfsAttributeFile`), a fraction of libiio's cost.
struct PolledCapture {
    /// The capture this runs for: its device, sensors, configuration, queue and counters.
    let capture: DeviceCapture
    let context: Context
    let device: Device
    /// Ticks per second, Hz: the rate the update interval needs, at most the device's rate.
    let rate: Double

    private var label: String { capture.label }

    /// One sensor's raw channels.
    private struct Axes {
        var sensor: DiscoveredSensor
        var kind: SensorReading.Kind
        var channels: [Channel]
        /// The kept-open raw attributes, on a local context where all three opened.
        var files: [SysfsAttributeFile]?
    }

    /// Polls until cancelled; calls `markStarted` after the first tick read every axis.
    func run(markStarted: () -> Void) throws(CaptureError) {
        let period = 1 / rate
        let sensors = try openAxes()
        capture.allowSlowPolledReads(in: context)
        let clock = capture.timestamps.hostClock
        var detector = OverrunDetector(period: period, horizon: max(10, Int((0.25 * rate).rounded(.up))))
        defer { capture.logLosses(detector) }
        var batch: [SensorReading] = []
        var next = MonotonicClock.now()
        let pollStart = next
        var ticks = 0
        var rateStated = false
        var first = true
        let over = context.isLocal ? "" : " over the network (one round trip per axis)"
        capture.configuration.log("\(label): polling at \(rate.sysfsText) Hz\(over)")
        while !capture.cancellation.isCancelled {
            batch.removeAll(keepingCapacity: true)
            for axes in sensors {
                let raw = try read(axes, first: first)
                let value = axes.kind == .ppg
                    ? axes.sensor.intensities(raw: raw) : axes.sensor.convert(raw: SIMD3(raw[0], raw[1], raw[2]))
                guard let value else { continue }
                batch.append(SensorReading(kind: axes.kind, t: 0, value: Vector3(value)))
            }
            let arrival = clock.now()
            for index in batch.indices { batch[index].t = arrival }
            if first {
                first = false
                markStarted()
            }
            detector.observe(batch.first?.t ?? MonotonicClock.now())
            capture.queue.push(batch)
            capture.record(detector)
            next += period
            let now = MonotonicClock.now()
            ticks += 1
            if !rateStated, now - pollStart >= 1 {
                rateStated = true
                let achieved = Double(ticks) / (now - pollStart)
                if achieved < 0.9 * rate {
                    capture.configuration.log(
                        .slowDelivery(device: label, achieved: achieved.rounded(), rate: rate, cause: .polling))
                }
            }
            if now > next + period {
                // Behind schedule (a slow round trip): skip the missed ticks instead of bursting to catch up.
                next += ((now - next) / period).rounded(.down) * period
            }
            if !capture.cancellation.wait(untilMonotonic: next) { break }
        }
    }

    /// Every sensor's x, y, z channels, and on a local context their raw attributes kept open.
    private func openAxes() throws(CaptureError) -> [Axes] {
        var sensors: [Axes] = []
        for sensor in capture.sensors {
            let channels = sensor.axes.compactMap { device.channel($0.id) }
            guard channels.count == sensor.axes.count, sensor.kind == .ppg || channels.count == 3 else {
                throw CaptureError(.notFound, "\(label): \(sensor.kind.rawValue) axes missing")
            }
            sensors.append(Axes(sensor: sensor, kind: SensorReading.Kind(sensor.kind), channels: channels))
        }
        guard context.isLocal else { return sensors }
        let opened = sensors.map { axes in
            axes.channels.compactMap { channel in
                channel.attributeFilename("raw").flatMap {
                    SysfsAttributeFile(path: capture.sysfsDirectory + "/" + $0)
                }
            }
        }
        guard zip(opened, sensors).allSatisfy({ $0.count == $1.channels.count }) else { return sensors }
        for index in sensors.indices { sensors[index].files = opened[index] }
        return sensors
    }

    /// The raw counts of one sensor's channels (x, y, z; a pulse sensor's LEDs). A read failing with ENODEV/ENOENT
    /// after the first tick means the device went away.
    private func read(_ axes: Axes, first: Bool) throws(CaptureError) -> [Double] {
        var raw = [Double](repeating: 0, count: axes.channels.count)
        for (index, channel) in axes.channels.enumerated() {
            if let file = axes.files?[index] {
                raw[index] = try capture.read(file)
                continue
            }
            do {
                raw[index] = try channel.readAttribute("raw", as: Double.self)
            } catch {
                throw capture.readFailure(error, first: first)
            }
        }
        return raw
    }

}
