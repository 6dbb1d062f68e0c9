import IIO
import MotionMath
import SystemSupport

/// Capture of a barometer, on the capture thread of a `DeviceCapture`: sets the chip's output rate and pressure
/// oversampling (`DiscoveredBarometer.chosenFrequency`, `chosenOversamplingRatio`; restored by the `SysfsRestorer` on
/// every exit path), then polls the pressure and the temperature at `DiscoveredBarometer.pollingRate` on a monotonic
/// schedule — the drivers have no usable buffer without an interrupt line — and hands on `.pressure` readings: `x` the
/// pressure (kPa), `y` the temperature (°C, NaN without a temperature channel).
///
/// The temperature is read once a second, the pressure on every tick: the temperature only scales the height (0.34 %
/// per kelvin) and the altimeter low-passes it over 10 s, while every polled read can cost the chip a conversion (an
/// st_pressure chip powers up and waits two output periods for each: 80 ms at 25 Hz).
struct BarometerCapture {
    /// The capture this runs for: its device, configuration, queue and counters.
    let capture: DeviceCapture
    let context: Context
    let device: Device
    let barometer: DiscoveredBarometer

    private var label: String { capture.label }

    /// Sets rate and oversampling, then polls until cancelled; calls `markStarted` after the first read.
    func run(restorer: inout SysfsRestorer, markStarted: () -> Void) throws(CaptureError) {
        try configure(restorer: &restorer)
        let pressure = PolledAttribute(barometer.pressure.value, of: capture, in: context)
        let temperature = barometer.temperature.map { PolledAttribute($0.value, of: capture, in: context) }
        capture.allowSlowPolledReads(in: context)
        let clock = capture.timestamps.hostClock
        let rate = barometer.pollingRate
        var schedule = PollingSchedule(period: 1 / rate)
        var detector = OverrunDetector(period: 1 / rate, horizon: max(10, Int((0.25 * rate).rounded(.up))))
        defer { capture.logLosses(detector) }
        var first = true
        var celsius = Double.nan
        let temperatureEvery = max(1, Int(rate.rounded()))
        var tick = 0
        capture.configuration.log("\(label): barometer polled at \(rate.sysfsText) Hz (\(barometer.pressure.value))")
        if let reason = barometer.temperature?.correction?.reason { capture.configuration.log("\(label): \(reason)") }
        while !capture.cancellation.isCancelled {
            let kilopascals = try convert(pressure.read(from: device, for: capture, first: first), barometer.pressure)
            let t = clock.now()
            if tick % temperatureEvery == 0, let temperature, let channel = barometer.temperature {
                celsius = try convert(temperature.read(from: device, for: capture, first: first), channel)
            }
            tick += 1
            if first {
                first = false
                markStarted()
            }
            detector.observe(t)
            capture.queue.push([SensorReading(kind: .pressure, t: t, value: Vector3(kilopascals, celsius, 0))])
            capture.record(detector)
            if !capture.cancellation.wait(untilMonotonic: schedule.advance()) { break }
        }
    }

    /// The value in kPa or °C; a conversion that discovery could not make (no scale: an `xml:` description) fails.
    private func convert(_ number: Double, _ channel: BarometerChannel) throws(CaptureError) -> Double {
        guard let value = channel.convert(number) else {
            throw CaptureError(.notFound, "\(label): the scale of \(channel.value.file) is unknown")
        }
        return value
    }

    /// Writes the chosen rate and oversampling where they differ from the chip's, and remembers how to put them back.
    private func configure(restorer: inout SysfsRestorer) throws(CaptureError) {
        let settings: [(AttributeLocation?, Double?, String)] = [
            (barometer.samplingFrequencyAttribute, barometer.chosenFrequency, "rate"),
            (barometer.oversamplingAttribute, barometer.chosenOversamplingRatio, "pressure oversampling"),
        ]
        for case let (location?, value?, what) in settings {
            do {
                guard let previous = try restorer.set(location, to: value, on: device) else { continue }
                capture.configuration.log("\(label): \(what) \(location.file) \(previous) → \(value.sysfsText)")
            } catch {
                throw capture.wrap(error, writing: location.file)
            }
        }
    }
}
