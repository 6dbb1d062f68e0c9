import IIO
import SystemSupport

/// Capture through an IIO buffer (`/dev/iio:deviceN`), on the capture thread of a `DeviceCapture`.
///
/// 1. Trigger: the device's own one (HID `<name>-dev<N>`), none for hardware-FIFO drivers.
/// 2. Scan elements: the axes of every sensor, and the timestamp when samples are timed by the kernel.
/// 3. The buffer: `WakeBatching.samplesPerRefill` samples per refill (one interval's, two intervals' below 2 ms)
///    keeps readings at most one update interval old, with the buffer watermark at that many samples so that the
///    kernel wakes the reader once per refill, not once per sample; the channel offsets come from the scan formats
///    (`ScanLayout`) and must agree with libiio's.
/// 4. Refills until cancelled, each decoded in place (`ScanDecoder`); a failed refill is classified
///    (`RefillFailure`); timestamp gaps count lost samples (`OverrunDetector`). A network buffer whose connection
///    a stalled refill lost is opened again while the device answers: a slow iiod is not a vanished device.
///
/// Everything it changes is registered with the restorer as it is changed.
struct BufferedCapture {
    /// How a buffered capture ended without failing.
    enum Outcome: Equatable {
        /// Cancelled.
        case ended
        /// The driver rejected the buffer (EINVAL: a triggered buffer without a usable trigger): poll instead.
        case needsPolling
        /// The buffer was enabled but its first refill timed out with nothing delivered (a sensor whose interrupt
        /// line is not wired; bmc150's FIFO, which poll() never reports): poll instead. The seconds waited.
        case silent(Double)
    }

    /// The capture this runs for: its device, sensors, configuration, queue and counters.
    let capture: DeviceCapture
    let context: Context
    let device: Device
    /// The device's sampling rate, Hz.
    let rate: Double

    private var label: String { capture.label }
    private var sensors: [DiscoveredSensor] { capture.sensors }

    /// Captures until cancelled (`.ended`), until the driver rejects the buffer (`.needsPolling`) or until its first
    /// refill times out with nothing delivered (`.silent`); calls `markStarted` once the first refill is about to be
    /// armed. Over the network a refill that times out later loses its buffer's connection (libiio 0.24 gives it up):
    /// while the device still answers, the block is counted as lost and the buffer opened again.
    func run(restorer: inout SysfsRestorer, markStarted: () -> Void) throws(CaptureError) -> Outcome {
        try selectOwnTrigger(restorer: &restorer)
        let channels = try enableScanElements()
        let samples = WakeBatching.samplesPerRefill(rate: rate, interval: capture.configuration.updateInterval)
        var opened = try openBuffer(samples: samples, restorer: &restorer)
        guard opened != nil else { return .needsPolling }
        capture.configuration.log(
            .info(
                "\(label): buffered capture, \(samples) sample\(samples == 1 ? "" : "s") per refill at "
                    + "\(rate.sysfsText) Hz\(context.isLocal ? "" : " over the network (one round trip per refill)")"))
        var delivery = Delivery(
            // Late samples may be made up within a quarter of a second (a HID hub catching up after a stall).
            detector: OverrunDetector(period: 1 / rate, horizon: max(10, Int((0.25 * rate).rounded(.up)))))
        defer { capture.logLosses(delivery.detector) }
        while true {
            // libiio holds one buffer per device: the one given up must be gone (end of the iteration that used it)
            // before the next one opens.
            let buffer: Buffer
            if let first = opened {
                buffer = first
                opened = nil
            } else {
                if capture.cancellation.isCancelled { return .ended }
                buffer = try reopenBuffer(samples: samples)
            }
            let decoder = try decoder(for: channels, in: buffer)
            let outcome = try stream(
                buffer, decoder: decoder, samples: samples, delivery: &delivery, markStarted: markStarted)
            if let outcome { return outcome }
        }
    }

    /// Refills `buffer` until the capture ends (its outcome), or until a network refill timed out after buffers
    /// had delivered while the device still answers (nil, `buffer` cancelled: the caller opens a new one).
    private func stream(
        _ buffer: Buffer, decoder: ScanDecoder, samples: Int, delivery: inout Delivery, markStarted: () -> Void
    ) throws(CaptureError) -> Outcome? {
        var decoder = decoder
        let network = !context.isLocal
        // Over the network a cancelled buffer loses its connection before libiio can close it cleanly (iiod keeps it
        // open, libiio prints READ errors): when a refill lasts at most half a second, let the last one finish.
        let refillSeconds = Double(samples) / rate
        if !network || refillSeconds > 0.5 {
            capture.arm(buffer.canceller)
            if capture.cancellation.isCancelled { buffer.cancel() }
        }
        defer { capture.arm(nil) }
        // An unplugged local device leaves a refill asleep until its timeout: watch sysfs and wake it (VanishWatch).
        let watch = network ? nil : VanishWatch(localDevice: capture.deviceID) { [capture] in capture.cancel() }
        watch?.start()
        defer { watch?.stop() }
        markStarted()
        let outcome = try refill(buffer, decoder: &decoder, samples: samples, watch: watch, delivery: &delivery)
        // Closing a network buffer whose refill timed out would wait for the answer to a READBUF that never comes:
        // cancelling it first makes libiio close the connection instead.
        switch outcome {
        case .silent?, nil: if network { buffer.cancel() }
        case .ended?, .needsPolling?: break
        }
        return outcome
    }

    // MARK: Setting up

    /// Selects the device's own trigger when it has one and another (or none) is current.
    private func selectOwnTrigger(restorer: inout SysfsRestorer) throws(CaptureError) {
        guard let own = sensors.compactMap(\.ownTrigger).first else { return }
        let current: Device?
        do { current = try device.trigger() } catch { current = nil }
        guard current?.name != own else { return }
        guard let trigger = context.devices.first(where: { $0.isTrigger && $0.name == own }) else {
            throw CaptureError(.notFound, "\(label): its trigger \(own) is missing from \(capture.uri)")
        }
        restorer.willChange(.trigger, from: current?.name ?? "")
        do {
            try device.setTrigger(trigger)
        } catch {
            throw capture.wrap(error, writing: "trigger/current_trigger")
        }
        capture.configuration.log("\(label): trigger \(own) selected")
        restorer.changed("trigger/current_trigger", from: current?.name ?? "") { () throws(IIOError) in
            try device.setTrigger(current)
        }
    }

    /// The scan elements a capture reads, each with its format.
    private struct EnabledChannels {
        /// Per sensor, its x, y and z channels.
        var axes: [[ScanLayout.Element]]
        /// The timestamp channel, when samples are timed by the kernel.
        var timestamp: ScanLayout.Element?

        var all: [ScanLayout.Element] { axes.flatMap { $0 } + (timestamp.map { [$0] } ?? []) }
    }

    /// Enables only the axes of every sensor, and the timestamp when the kernel times samples.
    private func enableScanElements() throws(CaptureError) -> EnabledChannels {
        for channel in device.channels where channel.isScanElement { channel.disable() }
        var enabled = EnabledChannels(axes: [], timestamp: nil)
        for sensor in sensors {
            var axes: [ScanLayout.Element] = []
            for axis in sensor.axes {
                guard let channel = device.channel(axis.id), let element = Self.element(axis), element.format.isDecodable
                else {
                    throw CaptureError(.notFound, "\(label): channel \(axis.id) has no usable scan element")
                }
                channel.enable()
                axes.append(element)
            }
            enabled.axes.append(axes)
        }
        if capture.timestamps == .kernel, let stamp = sensors.compactMap(\.timestamp).first,
            let channel = device.channel(stamp.id), let element = Self.element(stamp), element.format.isDecodable
        {
            channel.enable()
            enabled.timestamp = element
        }
        return enabled
    }

    /// The channel as a scan element, nil when it is not one.
    private static func element(_ channel: SensorChannel) -> ScanLayout.Element? {
        guard let scanIndex = channel.scanIndex, let format = channel.format else { return nil }
        return ScanLayout.Element(id: channel.id, scanIndex: scanIndex, format: format)
    }

    /// Opens the buffer, with about a second of kernel room and the watermark at `samples`; nil when the driver
    /// rejects it with EINVAL.
    private func openBuffer(samples: Int, restorer: inout SysfsRestorer) throws(CaptureError) -> Buffer? {
        let timeoutMilliseconds = UInt32(max(1000, 3000 * Double(samples) / rate))
        try? context.setTimeout(milliseconds: timeoutMilliseconds)
        // Readable on local contexts only: libiio's network client refuses the buffer attributes it does not list,
        // and a remote iiod sets them itself.
        let previousLength = try? device.readAttribute("length", .buffer)
        let previousWatermark = try? device.readAttribute("watermark", .buffer)
        // The kernel wakes a reader once `watermark` samples are in (Documentation/ABI/testing/sysfs-bus-iio,
        // buffer/watermark; a hardware FIFO takes it as its own): one wake-up per refill. Its default, 1, wakes the
        // reader for every sample. libiio 0.24 writes both when it opens a local buffer; they are set here as well
        // so that the wake-ups do not depend on that, length first (the kernel refuses a watermark above it).
        var written = false
        if let previousLength, let previousWatermark {
            restorer.willChange(.buffer("watermark"), from: previousWatermark)
            restorer.willChange(.buffer("length"), from: previousLength)
        }
        if let previousLength, let previousWatermark,
            (try? device.writeAttribute("length", .buffer, value: samples)) != nil,
            (try? device.writeAttribute("watermark", .buffer, value: samples)) != nil
        {
            written = true
            // Undone newest first: the length before the watermark, which the kernel keeps at most the length.
            restorer.changed("buffer/watermark", from: previousWatermark) { () throws(IIOError) in
                try restoreBufferAttribute("watermark", previousWatermark)
            }
            restorer.changed("buffer/length", from: previousLength) { () throws(IIOError) in
                try restoreBufferAttribute("length", previousLength)
            }
        }
        // The kernel keeps `samples × blocks` samples (libiio's default is 4 blocks: 80 ms at 50 Hz with one sample
        // per refill). A HID hub delivers late reports in bursts, and a reader descheduled for a moment would lose
        // samples in the kernel; about a second of room costs no latency (a refill still returns after `samples`).
        let blocks = max(4, Int((rate / Double(samples)).rounded(.up)))
        try? device.setKernelBuffersCount(blocks)
        let buffer: Buffer
        do {
            buffer = try device.createBuffer(samples: samples)
        } catch {
            if error.errno == .invalidArgument { return nil }
            throw capture.wrap(error, writing: "buffer/enable")
        }
        // Not set above (the device refused it), yet libiio wrote the length of the buffer it opened.
        if !written, let previousLength {
            restorer.changed("buffer/length", from: previousLength) { () throws(IIOError) in
                try restoreBufferAttribute("length", previousLength)
            }
        }
        return buffer
    }

    /// Writes a buffer attribute back. A cancel from another thread (a signal, a closed pipe) holds the buffer for a
    /// moment after the capture let go of it; until its last reference disables it the kernel answers EBUSY. The VM
    /// tier saw that race: retry for up to a second.
    private func restoreBufferAttribute(_ name: String, _ previous: String) throws(IIOError) {
        var attempts = 0
        while true {
            do throws(IIOError) {
                try device.writeAttribute(name, .buffer, value: previous)
                return
            } catch where error.errno == .busy && attempts < 100 {
                attempts += 1
                MonotonicClock.sleep(0.01)
            }
        }
    }

    /// The decoder for the enabled channels, laid out from their scan formats; libiio must place every channel
    /// where the layout does.
    private func decoder(for channels: EnabledChannels, in buffer: Buffer) throws(CaptureError) -> ScanDecoder {
        guard let layout = ScanLayout(elements: channels.all) else {
            throw CaptureError(
                .malformedInput,
                "\(label): the scan elements do not lay out (a storage size of zero, or channels sharing a scan index "
                    + "with different sizes)")
        }
        func field(_ element: ScanLayout.Element) throws(CaptureError) -> ScanLayout.Field {
            guard let field = layout[element.id], let channel = device.channel(element.id),
                let offset = buffer.byteOffset(of: channel)
            else {
                throw CaptureError(.internalError, "\(label): libiio did not place channel \(element.id)")
            }
            guard offset == field.offset else {
                throw CaptureError(
                    .internalError,
                    "\(label): libiio places channel \(element.id) at byte \(offset), its scan format at \(field.offset)")
            }
            return field
        }
        var sensors: [ScanDecoder.Sensor] = []
        for (sensor, axes) in zip(self.sensors, channels.axes) {
            var fields: [ScanLayout.Field] = []
            for axis in axes { fields.append(try field(axis)) }
            sensors.append(ScanDecoder.Sensor(sensor: sensor, kind: SensorReading.Kind(sensor.kind), axes: fields))
        }
        var timestamp: ScanLayout.Field?
        if let stamp = channels.timestamp, let channel = device.channel(stamp.id), buffer.byteOffset(of: channel) != nil {
            timestamp = try field(stamp)
        }
        let decoder = ScanDecoder(sensors: sensors, timestamp: timestamp, rate: rate)
        guard decoder.extent <= buffer.step else {
            throw CaptureError(
                .malformedInput,
                "\(label): libiio's samples are \(buffer.step) bytes, the scan formats need \(decoder.extent)")
        }
        return decoder
    }

    // MARK: Refilling

    /// What the refills of every buffer of one capture add up to: whether any delivered, the gaps in the samples'
    /// times (`OverrunDetector`), and the first refills, which measure the network's delivery rate.
    private struct Delivery {
        var delivered = false
        var detector: OverrunDetector
        var measuredRefills = 0
        let start = MonotonicClock.now()
    }

    /// Refills until cancelled (`.ended`), decoding every sample in place and handing each refill's readings to the
    /// queue; `.silent` when the first refill times out before any buffer delivered anything; nil when a network
    /// refill timed out later while the device still answers (the buffer's connection is lost, not the device).
    private func refill(
        _ buffer: Buffer, decoder: inout ScanDecoder, samples: Int, watch: VanishWatch?, delivery: inout Delivery
    ) throws(CaptureError) -> Outcome? {
        let arrivalClock = capture.timestamps.hostClock
        let network = !context.isLocal
        var batch: [SensorReading] = []
        while !capture.cancellation.isCancelled {
            do {
                try buffer.refill()
            } catch {
                let failure = RefillFailure(
                    error.errno, cancelled: capture.cancellation.isCancelled, removed: watch?.hasFired == true)
                switch failure {
                case .cancelled: return .ended
                case .removed: throw capture.removed
                case .stalled where !delivery.delivered: return .silent(MonotonicClock.now() - delivery.start)
                // libiio 0.24's network client reports a refill that timed out as EPIPE (its buffer connection
                // gave up): silent too while the device still answers through the context's own connection, and
                // after buffers delivered a stall (a loaded iiod, a slow network) that lost this buffer's connection.
                case .vanished where !delivery.delivered && network && deviceAnswers():
                    return .silent(MonotonicClock.now() - delivery.start)
                case .vanished where network && (error.errno == .brokenPipe || error.errno == .connectionReset):
                    try countLostConnection(error)
                    return nil
                case .stalled: try countStall()
                case .vanished: throw capture.vanished(error)
                case .failed: throw CaptureError(SensorError(error, uri: capture.uri))
                }
                continue
            }
            delivery.delivered = true
            let arrival = arrivalClock.now()
            let step = buffer.step
            batch.removeAll(keepingCapacity: true)
            buffer.withUnsafeBytes { bytes in
                decoder.decode(bytes, step: step, arrival: arrival, into: &batch) { delivery.detector.observe($0) }
            }
            capture.queue.push(batch)
            capture.record(delivery.detector)
            if network, delivery.measuredRefills < 20 {
                delivery.measuredRefills += 1
                if delivery.measuredRefills == 20 {
                    let achieved = Double(20 * samples) / (MonotonicClock.now() - delivery.start)
                    if achieved < 0.9 * rate {
                        capture.configuration.log(
                            .slowDelivery(device: label, achieved: achieved, rate: rate, cause: .network))
                    }
                }
            }
        }
        return .ended
    }

    /// A network refill lost its buffer's connection (EPIPE, ECONNRESET) after buffers delivered: count the lost
    /// block; when the device no longer answers through the context's connection either, iiod is gone (a lost
    /// connection; vanished when it answers ENODEV).
    private func countLostConnection(_ error: IIOError) throws(CaptureError) {
        capture.countBufferOverflow()
        do {
            try probe()
        } catch {
            throw capture.wrap(error, writing: nil)
        }
    }

    /// Opens the device's buffer again after its connection was lost, as `openBuffer` left it configured.
    private func reopenBuffer(samples: Int) throws(CaptureError) -> Buffer {
        do {
            return try device.createBuffer(samples: samples)
        } catch {
            throw capture.wrap(error, writing: "buffer/enable")
        }
    }

    /// A refill timed out: count the lost block, and end as vanished when the device no longer answers a sysfs
    /// read (unplugged or unbound).
    private func countStall() throws(CaptureError) {
        capture.countBufferOverflow()
        do {
            try probe()
        } catch {
            throw capture.vanished(error)
        }
    }

    /// True when the device still answers an attribute read.
    private func deviceAnswers() -> Bool {
        do {
            try probe()
            return true
        } catch {
            return false
        }
    }

    /// Reads the first sensor's scale (or rate): fails when the device no longer answers.
    private func probe() throws(IIOError) {
        guard let probe = sensors.first?.scaleAttributes.first ?? sensors.first?.samplingFrequencyAttribute else {
            return
        }
        _ = try device.readAttribute(at: probe)
    }
}
