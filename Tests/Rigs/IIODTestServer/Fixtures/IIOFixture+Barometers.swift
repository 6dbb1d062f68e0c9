import Glibc

extension IIOFixture {
    /// The barometers, one per fixture.
    public static var barometers: [IIOFixture] { [bmp280, bme280, dps310, lps22hb] }

    /// Bosch BMP280 (drivers/iio/pressure/bmp280-core.c, Linux 6.1): processed `in_pressure_input` (kPa) and
    /// `in_temp_input` (m°C), each with its `oversampling_ratio` (the driver's defaults: ×16 pressure, ×2
    /// temperature) and `oversampling_ratio_available` (1 2 4 8 16); no sampling frequency, no buffer, no trigger.
    /// The values are the datasheet's example (100.653253906 kPa, 25.08 °C), held.
    public static let bmp280 = IIOFixture(name: "bmp280", devices: [bmp280Device(index: 0, name: "bmp280")])

    /// Bosch BME280: the BMP280's channels and a relative humidity channel (`in_humidityrelative_input`).
    public static let bme280 = IIOFixture(name: "bme280", devices: [bmp280Device(index: 0, name: "bme280")])

    /// Infineon DPS310 (drivers/iio/pressure/dps310.c, Linux 6.1): processed pressure (kPa) and temperature (m°C),
    /// each with `sampling_frequency` and `oversampling_ratio` of its own (powers of two up to 128; the driver lists
    /// none) at 1 Hz and ×1 after probe.
    public static let dps310 = IIOFixture(name: "dps310", devices: [
        FixtureDevice(
            id: "iio:device0", name: "dps310",
            channels: ["pressure", "temp"].map { type in
                FixtureChannel(
                    id: type, kind: .other,
                    attributes: [
                        FixtureAttribute(
                            "input", filename: "in_\(type)_input", value: type == "pressure" ? "100.653000000" : "25080",
                            readOnly: true),
                        FixtureAttribute("oversampling_ratio", filename: "in_\(type)_oversampling_ratio", value: "1"),
                        FixtureAttribute("sampling_frequency", filename: "in_\(type)_sampling_frequency", value: "1"),
                    ])
            },
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            trigger: .unsupported(errno: EIO))
    ])

    /// ST LPS22HB through st_pressure (drivers/iio/pressure/st_pressure_core.c, Linux 6.1) without an IRQ line: raw
    /// pressure (`le:u24/32>>0`, `in_pressure_scale` 0.000024414 kPa) and temperature (`le:s16/16>>0`, scale 10
    /// m°C), `sampling_frequency` shared by all (1 of 1 10 25 50 75 Hz), a timestamp channel, a buffer that cannot
    /// be enabled without a trigger (polled, HIL-FACTS.md). Raw values for 100.653 kPa and 25.08 °C.
    public static let lps22hb = IIOFixture(name: "lps22hb", devices: [
        FixtureDevice(
            id: "iio:device0", name: "lps22hb",
            channels: [
                FixtureChannel(
                    id: "pressure", kind: .other, scanIndex: 0, scanFormat: FixtureScanFormat("le:u24/32>>0"),
                    attributes: [
                        FixtureAttribute("raw", filename: "in_pressure_raw", value: "4122747", readOnly: true),
                        FixtureAttribute("scale", filename: "in_pressure_scale", value: "0.000024414", readOnly: true),
                    ]),
                FixtureChannel(
                    id: "temp", kind: .other, scanIndex: 1, scanFormat: FixtureScanFormat("le:s16/16>>0"),
                    attributes: [
                        FixtureAttribute("raw", filename: "in_temp_raw", value: "2508", readOnly: true),
                        FixtureAttribute("scale", filename: "in_temp_scale", value: "10.000000", readOnly: true),
                    ]),
                timestamp(index: 2),
            ],
            attributes: [
                FixtureAttribute("current_timestamp_clock", value: "realtime"),
                FixtureAttribute("sampling_frequency", value: "1"),
                FixtureAttribute("sampling_frequency_available", value: "1 10 25 50 75", readOnly: true),
            ],
            bufferAttributes: standardBufferAttributes,
            trigger: .unsupported(errno: EIO),
            bufferEnableError: EINVAL)
    ])

    /// A board with an IMU and a barometer: the bmi160 (polled, device 0) beside a bmp280 (device 1).
    public static let imuWithBarometer = IIOFixture(
        name: "bmi160-bmp280", devices: bmi160.devices + [bmp280Device(index: 1, name: "bmp280")])

    /// The bmp280 driver's device `name` (bmp280 or bme280, which adds humidity).
    static func bmp280Device(index: Int, name: String) -> FixtureDevice {
        var channels = [("pressure", "100.653253906", "16"), ("temp", "25080", "2")].map { type, value, ratio in
            FixtureChannel(
                id: type, kind: .other,
                attributes: [
                    FixtureAttribute("input", filename: "in_\(type)_input", value: value, readOnly: true),
                    FixtureAttribute("oversampling_ratio", filename: "in_\(type)_oversampling_ratio", value: ratio),
                    FixtureAttribute(
                        "oversampling_ratio_available", filename: "in_\(type)_oversampling_ratio_available",
                        value: "1 2 4 8 16", readOnly: true),
                ])
        }
        if name == "bme280" {
            channels.append(
                FixtureChannel(
                    id: "humidityrelative", kind: .other,
                    attributes: [
                        FixtureAttribute(
                            "input", filename: "in_humidityrelative_input", value: "45000", readOnly: true),
                        FixtureAttribute(
                            "oversampling_ratio", filename: "in_humidityrelative_oversampling_ratio", value: "16"),
                    ]))
        }
        return FixtureDevice(
            id: "iio:device\(index)", name: name, channels: channels,
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")], trigger: .unsupported(errno: EIO))
    }
}
