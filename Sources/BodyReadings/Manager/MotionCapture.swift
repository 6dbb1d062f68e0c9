import Dispatch
import Fusion
import Pedometry
import Sensors
import SystemSupport

/// One capture of a `MotionManager`: a dedicated thread that runs the pipeline — source → calibration →
/// `DeviceMotionFilter` → the device-motion fan-out, with the corrected readings published to the raw fan-outs and
/// offered to `HealthReadings` (steps, heart rate) — until it is cancelled or the source ends, then stops the source
/// (restoring the device) and signals.
final class MotionCapture: @unchecked Sendable {
    // @unchecked: `thread` is guarded by `lock`; `control`, `stopped` and the constants are thread-safe.

    /// The kinds of reading the source was asked for.
    let readings: Set<SensorReading.Kind>
    /// The counter the capture counts steps with.
    let counter: StepCounter

    init(readings: Set<SensorReading.Kind>, counter: StepCounter) {
        self.readings = readings
        self.counter = counter
    }

    /// Cancels the pipeline and reports its statistics.
    let control = PipelineControl()
    private let stopped = DispatchSemaphore(value: 0)
    private let lock = ThreadLock()
    private var thread: NamedThread?

    /// Starts the capture thread. `ended` is called on it once the source stopped, with the error that ended the
    /// capture (nil: cancelled or the end of a recording).
    func start(
        source: any MotionSource, correction: ReadingCorrection?, interval: Double,
        filterSettings: AttitudeFilter.Settings, health: HealthReadings,
        channels: (
            deviceMotion: UpdateChannel<DeviceMotion>, accelerometer: UpdateChannel<AccelerometerData>,
            gyro: UpdateChannel<GyroData>, magnetometer: UpdateChannel<MagnetometerData>
        ),
        ended: @escaping @Sendable (MotionCapture, CaptureError?) -> Void
    ) {
        // Assigned under the lock because the thread may already ask `waitUntilStopped()` (from a handler).
        lock.lock()
        defer { lock.unlock() }
        thread = NamedThread.start(name: "br capture") { [self] in
            // Without a gyroscope, device motion is gravity (roll and pitch) from the accelerometer alone.
            let failure = source.info.hasGyroscope
                ? run(
                    input: SourceInput(source: source, correction: correction),
                    processor: DeviceMotionFilter(settings: filterSettings), interval: interval, health: health,
                    channels: channels)
                : run(
                    input: SourceInput(
                        source: source, correction: correction, assembler: StepAssembler(keepsMagnetometer: true)),
                    processor: TiltDeviceMotionFilter(), interval: interval, health: health, channels: channels)
            ended(self, failure)
            stopped.signal()
        }
    }

    /// Runs `processor` over `input` until the source ends, publishing raw readings and device motion to the
    /// channels; returns the error that ended it (nil: cancelled or the end of a recording).
    private func run<Assembler: SampleAssembler, Processor: ReadingProcessor>(
        input: SourceInput<Assembler>, processor: Processor, interval: Double, health: HealthReadings,
        channels: (
            deviceMotion: UpdateChannel<DeviceMotion>, accelerometer: UpdateChannel<AccelerometerData>,
            gyro: UpdateChannel<GyroData>, magnetometer: UpdateChannel<MagnetometerData>
        )
    ) -> CaptureError? where Processor.Input == Assembler.Sample, Processor.Output == DeviceMotion {
        let raw = (channels.accelerometer.fanOut, channels.gyro.fanOut, channels.magnetometer.fanOut)
        input.onReading = { reading in
            health.take(reading)
            switch reading.kind {
            case .accelerometer: raw.0.publish(AccelerometerData(timestamp: reading.t, acceleration: reading.value))
            case .gyroscope: raw.1.publish(GyroData(timestamp: reading.t, rotationRate: reading.value))
            case .magnetometer: raw.2.publish(MagnetometerData(timestamp: reading.t, magneticField: reading.value))
            case .stepCount, .activity, .ppg, .pressure: break
            }
        }
        // The filter runs on every sample, even when only raw updates are wanted, so that device motion started
        // later does not begin from an unconverged state. The fan-out decimates per consumer.
        var pipeline = Pipeline(
            input: input, processor: processor,
            settings: PipelineSettings(captureInterval: interval, readings: readings), control: control)
        var consumer = channels.deviceMotion.fanOut
        do {
            _ = try pipeline.run(into: &consumer)
            return nil
        } catch let error as CaptureError {
            return error
        } catch {
            return CaptureError(.internalError, "the capture failed: \(error)")
        }
    }

    func cancel() {
        control.cancel()
    }

    /// Waits for the capture thread to have stopped the source, unless called from that very thread.
    func waitUntilStopped() {
        lock.lock()
        let thread = self.thread
        lock.unlock()
        if let thread, thread.isCurrent { return }
        stopped.wait()
        stopped.signal()
    }
}
