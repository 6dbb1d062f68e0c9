import Glibc

// The pulse sensors of Linux 6.1's health drivers (drivers/iio/health), as their `iio_chan_spec`s create them. None
// has a sampling-frequency attribute (the drivers set 100 samples/s) or a timestamp channel. Their intensity
// channels play the server's `PulseWaveform` as light falling at systole (`IntensityProfile`).

extension IIOFixture {
    /// Maxim MAX30102 (max30102.c): buffer-only channels `intensity_red` (scan index 0) and `intensity_ir` (1),
    /// `be:u18/32>>8`, without attributes (no `info_mask`: nothing to read but the buffer); `temp` with `raw` and
    /// `scale` (62.5 m°C per count), readable at any time. The kfifo is filled from the chip's FIFO on its interrupt:
    /// no trigger (GETTRIG `ENOENT`); red and IR are always enabled together (`available_scan_masks`).
    public static let max30102 = IIOFixture(name: "max30102", devices: [maxim(name: "max30102", green: false)])

    /// Maxim MAX30105: a MAX30102 with a third LED, `intensity_green` (scan index 2).
    public static let max30105 = IIOFixture(name: "max30105", devices: [maxim(name: "max30105", green: true)])

    /// Maxim MAX30100 (max30100.c): `intensity_ir` (scan index 0) and `intensity_red` (1), `be:u16/16>>0`,
    /// buffer-only; `temp` (`scale` 0.0625 °C per count) answers `EAGAIN` unless the buffer runs.
    public static let max30100 = IIOFixture(name: "max30100", devices: [
        FixtureDevice(
            id: "iio:device0", name: "max30100",
            channels: [
                pulseChannel("intensity_ir", index: 0, format: "be:u16/16>>0", baseline: 40_000, depth: 0.02),
                pulseChannel("intensity_red", index: 1, format: "be:u16/16>>0", baseline: 30_000, depth: 0.012),
                maximTemperature(scale: "0.062500000"),
            ],
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            bufferAttributes: standardBufferAttributes, rawNeedsBuffer: true, fixedRate: 100),
    ])

    /// TI AFE4404 (afe4404.c) with its ADC_RDY line: `intensity1`…`intensity6` (LED2, ALED2, LED1, ALED1,
    /// LED2−ALED2, LED1−ALED1; scan indices 1–6, `le:s24/32>>0`) with `raw`, `offset` (offset DAC) on the first four,
    /// `resistance`/`capacitance` (TIA gain) on the first four and the shared `…_available` lists; output channels
    /// `current1`…`current3` (LED drive, `raw` and `scale`); a triggered buffer with its own trigger `afe4404-dev0`,
    /// registered but not current.
    public static let afe4404 = IIOFixture(name: "afe4404", devices: [
        afe(name: "afe4404", offsets: true, currents: [1, 2, 3]),
        FixtureDevice(id: "trigger0", name: "afe4404-dev0"),
    ])

    /// TI AFE4403 (afe4403.c): the AFE4404's channels without `offset`, LED currents `current1` (LED2) and
    /// `current3` (LED1), own trigger `afe4403-dev0`.
    public static let afe4403 = IIOFixture(name: "afe4403", devices: [
        afe(name: "afe4403", offsets: false, currents: [1, 3]),
        FixtureDevice(id: "trigger0", name: "afe4403-dev0"),
    ])

    /// Every pulse-sensor fixture.
    public static var pulseSensors: [IIOFixture] { [max30102, max30105, max30100, afe4404, afe4403] }

    // MARK: Building blocks

    static func pulseChannel(
        _ id: String, index: Int, format: String, baseline: Double, depth: Double, attributes: [FixtureAttribute] = []
    ) -> FixtureChannel {
        FixtureChannel(
            id: id, kind: .intensity, scanIndex: index, scanFormat: FixtureScanFormat(format),
            attributes: attributes.sorted { $0.name < $1.name },
            intensity: IntensityProfile(baseline: baseline, depth: depth))
    }

    static func maximTemperature(scale: String) -> FixtureChannel {
        FixtureChannel(
            id: "temp", kind: .temp,
            attributes: [
                FixtureAttribute("raw", filename: "in_temp_raw", value: "0", readOnly: true),
                FixtureAttribute("scale", filename: "in_temp_scale", value: scale, readOnly: true),
            ])
    }

    static func maxim(name: String, green: Bool) -> FixtureDevice {
        var channels = [
            pulseChannel("intensity_red", index: 0, format: "be:u18/32>>8", baseline: 100_000, depth: 0.012),
            pulseChannel("intensity_ir", index: 1, format: "be:u18/32>>8", baseline: 120_000, depth: 0.02),
        ]
        if green {
            channels.append(
                pulseChannel("intensity_green", index: 2, format: "be:u18/32>>8", baseline: 20_000, depth: 0.03))
        }
        channels.append(maximTemperature(scale: "62.500000000"))
        return FixtureDevice(
            id: "iio:device0", name: name, channels: channels,
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            bufferAttributes: standardBufferAttributes, fixedRate: 100)
    }

    /// An AFE440x: six intensity channels and the LED current outputs `currents`.
    static func afe(name: String, offsets: Bool, currents: [Int]) -> FixtureDevice {
        // (baseline counts, pulse depth): LED phases include the ambient light, ambient phases carry no pulse.
        let ambient = 30_000.0
        let profiles: [(Double, Double)] = [
            (600_000 + ambient, 0.012 * 600_000 / (600_000 + ambient)), (ambient, 0),
            (720_000 + ambient, 0.02 * 720_000 / (720_000 + ambient)), (ambient, 0),
            (600_000, 0.012), (720_000, 0.02),
        ]
        let resistance = "500000.000000 250000.000000 100000.000000 50000.000000 25000.000000 10000.000000 "
            + "1000000.000000 2000000.000000"
        let capacitance = "0.005000 0.002500 0.010000 0.007500 0.020000 0.017500 0.025000 0.022500"
        var channels: [FixtureChannel] = []
        for (offset, profile) in profiles.enumerated() {
            let number = offset + 1
            let id = "intensity\(number)"
            var attributes = [
                FixtureAttribute("raw", filename: "in_\(id)_raw", value: "0", readOnly: true),
                FixtureAttribute(
                    "resistance_available", filename: "in_intensity_resistance_available", value: resistance,
                    readOnly: true),
                FixtureAttribute(
                    "capacitance_available", filename: "in_intensity_capacitance_available", value: capacitance,
                    readOnly: true),
            ]
            if number <= 4 {
                attributes += [
                    FixtureAttribute("resistance", filename: "in_\(id)_resistance", value: "500000.000000"),
                    FixtureAttribute("capacitance", filename: "in_\(id)_capacitance", value: "0.005000"),
                ]
                if offsets { attributes.append(FixtureAttribute("offset", filename: "in_\(id)_offset", value: "0")) }
            }
            channels.append(
                pulseChannel(
                    id, index: number, format: "le:s24/32>>0", baseline: profile.0, depth: profile.1,
                    attributes: attributes))
        }
        for number in currents {
            channels.append(
                FixtureChannel(
                    id: "current\(number)", kind: .current,
                    attributes: [
                        FixtureAttribute("raw", filename: "out_current\(number)_raw", value: "10"),
                        FixtureAttribute("scale", filename: "out_current\(number)_scale", value: "0.800000",
                            readOnly: true),
                    ],
                    isOutput: true))
        }
        return FixtureDevice(
            id: "iio:device0", name: name, channels: channels,
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            bufferAttributes: standardBufferAttributes, trigger: .settable(current: nil), fixedRate: 100)
    }
}
