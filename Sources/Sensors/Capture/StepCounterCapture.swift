import IIO
import MotionMath
import SystemSupport

/// Capture of a hardware step counter, on the capture thread of a `DeviceCapture`: enables the counter
/// (`in_steps_en`, restored by the `SysfsRestorer` on every exit path), then polls `in_steps_input` and the activity
/// confidences at `DiscoveredStepCounter.pollingRate` (10 Hz) on a monotonic schedule — the drivers have no buffer
/// for them — and hands on `stepCount` readings (the steps since the capture started, the counter's wrap-around
/// undone by `StepCounterUnwrapper`) and `activity` readings.
///
/// On a local context the attributes stay open and are re-read (`PolledAttribute`), as `PolledCapture` does.
struct StepCounterCapture {
    /// The capture this runs for: its device, configuration, queue and counters.
    let capture: DeviceCapture
    let context: Context
    let device: Device
    let counter: DiscoveredStepCounter

    private var label: String { capture.label }

    /// Enables the counter, then polls until cancelled; calls `markStarted` after the first read.
    func run(restorer: inout SysfsRestorer, markStarted: () -> Void) throws(CaptureError) {
        try enable(restorer: &restorer)
        let count = PolledAttribute(counter.countAttribute, of: capture, in: context)
        let activities = DiscoveredStepCounter.ActivityChannel.allCases.map { activity in
            counter.activityAttributes[activity].map { PolledAttribute($0, of: capture, in: context) }
        }
        capture.allowSlowPolledReads(in: context)
        let clock = capture.timestamps.hostClock
        var schedule = PollingSchedule(period: 1 / DiscoveredStepCounter.pollingRate)
        var unwrapper = StepCounterUnwrapper(bits: counter.counterBits)
        var batch: [SensorReading] = []
        var first = true
        let rate = DiscoveredStepCounter.pollingRate.sysfsText
        capture.configuration.log("\(label): step counter polled at \(rate) Hz (\(counter.countAttribute))")
        while !capture.cancellation.isCancelled {
            batch.removeAll(keepingCapacity: true)
            let value = try count.read(from: device, for: capture, first: first)
            let t = clock.now()
            let steps = Double(unwrapper.update(Int(value)))
            batch.append(SensorReading(kind: .stepCount, t: t, value: Vector3(steps, 0, 0)))
            if activities.contains(where: { $0 != nil }) {
                var confidence = [0.0, 0.0, 0.0]
                for (index, source) in activities.enumerated() {
                    if let source { confidence[index] = try source.read(from: device, for: capture, first: first) }
                }
                let value = Vector3(confidence[0], confidence[1], confidence[2])
                batch.append(SensorReading(kind: .activity, t: t, value: value))
            }
            if first {
                first = false
                markStarted()
            }
            capture.queue.push(batch)
            if !capture.cancellation.wait(untilMonotonic: schedule.advance()) { break }
        }
    }

    /// Switches the counter on (it counts only while enabled) and remembers how to switch it back.
    private func enable(restorer: inout SysfsRestorer) throws(CaptureError) {
        guard let location = counter.enableAttribute else { return }
        do {
            guard let previous = try restorer.set(location, to: 1, on: device) else { return }
            capture.configuration.log("\(label): step counter enabled (\(location.file) \(previous) → 1)")
        } catch {
            throw capture.wrap(error, writing: location.file)
        }
    }
}
