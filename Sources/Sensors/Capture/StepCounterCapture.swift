import IIO
import MotionMath
import SystemSupport

/// Capture of a hardware step counter, on the capture thread of a `DeviceCapture`: enables the counter
/// (`in_steps_en`, restored by the `SysfsRestorer` on every exit path), then polls `in_steps_input` and the activity
/// confidences at `DiscoveredStepCounter.pollingRate` (10 Hz) on a monotonic schedule — the drivers have no buffer
/// for them — and hands on `stepCount` readings (the steps since the capture started, the counter's wrap-around
/// undone by `StepCounterUnwrapper`) and `activity` readings.
///
/// On a local context the attributes stay open and are re-read (`SysfsAttributeFile`), as `PolledCapture` does.
struct StepCounterCapture {
    /// The capture this runs for: its device, configuration, queue and counters.
    let capture: DeviceCapture
    let context: Context
    let device: Device
    let counter: DiscoveredStepCounter

    private var label: String { capture.label }

    /// One attribute to poll: kept open on a local context, else read through libiio.
    private struct Source {
        var location: AttributeLocation
        var file: SysfsAttributeFile?
    }

    /// Enables the counter, then polls until cancelled; calls `markStarted` after the first read.
    func run(restorer: inout SysfsRestorer, markStarted: () -> Void) throws(CaptureError) {
        try enable(restorer: &restorer)
        let count = open(counter.countAttribute)
        let activities = DiscoveredStepCounter.ActivityChannel.allCases.map { activity in
            counter.activityAttributes[activity].map(open)
        }
        try? context.setTimeout(milliseconds: 1000)
        let clock = capture.timestamps.hostClock
        let period = 1 / DiscoveredStepCounter.pollingRate
        var unwrapper = StepCounterUnwrapper(bits: counter.counterBits)
        var batch: [SensorReading] = []
        var first = true
        var next = MonotonicClock.now()
        let rate = DiscoveredStepCounter.pollingRate.sysfsText
        capture.configuration.log("\(label): step counter polled at \(rate) Hz (\(counter.countAttribute))")
        while !capture.cancellation.isCancelled {
            batch.removeAll(keepingCapacity: true)
            let value = try read(count, first: first)
            let t = clock.now()
            let steps = Double(unwrapper.update(Int(value)))
            batch.append(SensorReading(kind: .stepCount, t: t, value: Vector3(steps, 0, 0)))
            if activities.contains(where: { $0 != nil }) {
                var confidence = [0.0, 0.0, 0.0]
                for (index, source) in activities.enumerated() {
                    if let source { confidence[index] = try read(source, first: first) }
                }
                let value = Vector3(confidence[0], confidence[1], confidence[2])
                batch.append(SensorReading(kind: .activity, t: t, value: value))
            }
            if first {
                first = false
                markStarted()
            }
            capture.queue.push(batch)
            next += period
            let now = MonotonicClock.now()
            if now > next + period { next += ((now - next) / period).rounded(.down) * period }
            if !capture.cancellation.wait(untilMonotonic: next) { break }
        }
    }

    /// Switches the counter on (it counts only while enabled) and remembers how to switch it back.
    private func enable(restorer: inout SysfsRestorer) throws(CaptureError) {
        guard let location = counter.enableAttribute else { return }
        do {
            let previous = try device.readAttribute(at: location)
            guard Double(attributeText: previous) != 1 else { return }
            restorer.willChange(.attribute(location), from: previous)
            try device.writeAttribute(at: location, value: "1")
            restorer.changed(location.file, from: previous) { () throws(IIOError) in
                try device.writeAttribute(at: location, value: previous)
            }
            capture.configuration.log("\(label): step counter enabled (\(location.file) \(previous) → 1)")
        } catch {
            throw capture.wrap(error, writing: location.file)
        }
    }

    private func open(_ location: AttributeLocation) -> Source {
        guard context.isLocal else { return Source(location: location) }
        return Source(location: location, file: SysfsAttributeFile(path: capture.sysfsDirectory + "/" + location.file))
    }

    /// One value; a read failing with ENODEV/ENOENT after the first means the device went away.
    private func read(_ source: Source, first: Bool) throws(CaptureError) -> Double {
        if let file = source.file { return try capture.read(file) }
        let text: String
        do {
            text = try device.readAttribute(at: source.location)
        } catch {
            throw capture.readFailure(error, first: first)
        }
        guard let value = Double(attributeText: text) else {
            throw CaptureError(.io, "\(label): \(source.location.file) is '\(text)', not a number")
        }
        return value
    }
}
