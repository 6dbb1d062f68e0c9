import Glibc

extension IIOFixture {
    /// Bosch BMA400 on I²C without an IRQ line (drivers/iio/accel/bma400_core.c, Linux 6.1): a 12-bit accelerometer
    /// (`le:s12/16>>0`, scan indices 0–2, temperature 3, timestamp 4; `in_accel_scale` 0.009577 m/s², 100 Hz of
    /// 12.5–800) and the chip's step counter: `in_steps_input` (24 bits, counting the trajectory's true steps while
    /// `in_steps_en` is 1) and `in_activity_{still,walking,running}_input` (100 for the activity the steps show,
    /// else 0). No trigger exists without the IRQ: GETTRIG answers `EIO`, enabling the buffer `EINVAL`, so the
    /// accelerometer and the counter are polled (HIL-FACTS.md).
    public static let bma400 = IIOFixture(name: "bma400", devices: [bma400Device(index: 0)])

    /// The BMA400 as device `iio:device<index>`.
    static func bma400Device(index: Int) -> FixtureDevice {
        FixtureDevice(
            id: "iio:device\(index)", name: "bma400",
            channels: threeAxis(
                .accel, firstIndex: 0, format: "le:s12/16>>0",
                shared: [
                    ("oversampling_ratio", "0", false),
                    ("oversampling_ratio_available", "0 1 2 3", true),
                    ("sampling_frequency", "100", false),
                    ("sampling_frequency_available", "12.5 25 50 100 200 400 800", true),
                    ("scale", "0.009577", false),
                    ("scale_available", "0.009577 0.019154 0.038307 0.076614", true),
                ]
            ) + [
                temperature(index: 3, format: "le:s8/16>>0", offset: "46", scale: "500"),
                timestamp(index: 4),
            ] + ["walking", "still", "running"].map { activity in
                FixtureChannel(
                    id: "activity_\(activity)", kind: .activity,
                    attributes: [
                        FixtureAttribute(
                            "input", filename: "in_activity_\(activity)_input", value: activity == "still" ? "100" : "0",
                            readOnly: true)
                    ])
            } + [
                FixtureChannel(
                    id: "steps", kind: .steps,
                    attributes: [
                        FixtureAttribute("en", filename: "in_steps_en", value: "0"),
                        FixtureAttribute("input", filename: "in_steps_input", value: "0", readOnly: true),
                    ]),
            ],
            attributes: [FixtureAttribute("current_timestamp_clock", value: "realtime")],
            bufferAttributes: standardBufferAttributes,
            debugAttributes: [FixtureAttribute("direct_reg_access", value: "0x90")],
            trigger: .unsupported(errno: EIO),
            bufferEnableError: EINVAL
        )
    }
}
