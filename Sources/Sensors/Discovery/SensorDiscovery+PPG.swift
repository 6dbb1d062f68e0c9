// The rules for pulse (PPG) sensors: which devices are pulse sensors, which channel carries which LED, and how they
// are captured. Only the kernel's health drivers count: ambient-light sensors have `intensity_ir` and
// `intensity_red` channels too, and no pulse.

extension SensorDiscovery {
    /// The pulse sensor drivers of Linux 6.1 (`drivers/iio/health`), by device name.
    enum PulseDriver: String, CaseIterable {
        case max30100, max30102, max30105, afe4403, afe4404

        /// Samples per second the driver sets up; none of them has a `sampling_frequency` attribute. MAX30102/5:
        /// 400 Hz with 4× averaging; MAX30100: 100 Hz; AFE440x: a pulse repetition count of 39999 at 4 MHz.
        var nominalRate: Double { 100 }

        /// True for drivers that fill their buffer from the chip's FIFO on its interrupt, without a trigger (the
        /// driver requires the IRQ line: without it there is no device).
        var hasFIFO: Bool {
            switch self {
            case .max30100, .max30102, .max30105: true
            case .afe4403, .afe4404: false
            }
        }

        /// The LED behind an input channel id, nil for channels that carry none (temperature, the AFE's raw LED and
        /// ambient phases): colour-named channels on MAX3010x, the ambient-subtracted `intensity5` (LED2 − ambient,
        /// red) and `intensity6` (LED1 − ambient, infrared) on AFE440x.
        func light(ofChannel id: String) -> PPGLight? {
            switch self {
            case .max30100, .max30102, .max30105:
                switch id {
                case "intensity_red": .red
                case "intensity_ir": .infrared
                case "intensity_green": .green
                default: nil
                }
            case .afe4403, .afe4404:
                switch id {
                case "intensity5": .red
                case "intensity6": .infrared
                default: nil
                }
            }
        }
    }

    /// The pulse sensor of `device` when it is one of the health drivers with at least one LED channel; its
    /// channels ordered by LED (red, infrared, green).
    static func pulseSensor(
        of device: DeviceSnapshot, identity: SensorIdentity, trigger: TriggerAnswer, ownTrigger: String?
    ) -> DiscoveredSensor? {
        guard let name = device.name, let driver = PulseDriver(rawValue: name.lowercased()) else { return nil }
        let found = device.channels.compactMap { channel -> (PPGLight, DeviceSnapshot.ChannelSnapshot)? in
            guard !channel.isOutput, channel.type == SensorKind.ppg.channelType,
                let light = driver.light(ofChannel: channel.id)
            else { return nil }
            return (light, channel)
        }.sorted { $0.0.component < $1.0.component }
        guard !found.isEmpty else { return nil }
        let channels = found.map(\.1)
        let (mode, reason) = pulseCaptureMode(
            driver: driver, device: device, channels: channels, trigger: trigger, ownTrigger: ownTrigger)
        return DiscoveredSensor(
            kind: .ppg, deviceID: device.id, deviceName: name, label: device.label, identity: identity,
            axes: channels.map { SensorChannel(id: $0.id, scanIndex: $0.scanIndex, format: $0.format) },
            lights: found.map(\.0),
            timestamp: device.channels.first { $0.type == "timestamp" && !$0.isOutput }.map {
                SensorChannel(id: $0.id, scanIndex: $0.scanIndex, format: $0.format)
            },
            scale: Array(repeating: 1, count: channels.count), offset: Array(repeating: 0, count: channels.count),
            samplingFrequency: driver.nominalRate, trigger: trigger.name, isTriggerKnown: trigger.known,
            ownTrigger: ownTrigger, captureMode: mode, captureReason: reason)
    }

    /// Buffered when the chip's FIFO fills the buffer (MAX3010x) or a trigger exists (AFE440x with its IRQ line);
    /// polled from `in_intensityN_raw` otherwise.
    static func pulseCaptureMode(
        driver: PulseDriver, device: DeviceSnapshot, channels: [DeviceSnapshot.ChannelSnapshot],
        trigger: TriggerAnswer, ownTrigger: String?
    ) -> (CaptureMode, String) {
        let scanned = channels.allSatisfy { $0.format != nil }
        if driver.hasFIFO, scanned {
            return (.buffered, "the chip's FIFO fills the buffer on its interrupt, no trigger needed "
                + "(\(driver.nominalRate.sysfsText) samples/s, no timestamp channel: timed on arrival)")
        }
        let readable = channels.allSatisfy { $0.attributes["raw"] != nil }
        if !scanned || (trigger.name == nil && ownTrigger == nil && readable) {
            return readable
                ? (.polled, "no trigger (no IRQ line): in_intensity*_raw is polled")
                : (.polled, "neither a buffer nor raw attributes: cannot be read")
        }
        return captureMode(device: device, axes: channels, trigger: trigger, ownTrigger: ownTrigger)
    }
}
