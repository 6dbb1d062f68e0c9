import Glibc

extension IIOFixture {
    /// Bosch BMC150's accelerometer on I²C without an IRQ line (drivers/iio/accel/bmc150-accel-core.c, Linux 6.1):
    /// `bmc150_accel` with 12-bit left-justified axes (`le:s12/16>>4`, scan indices 0–2, timestamp 3),
    /// `in_accel_scale` 0.019154 m/s², `in_accel_sampling_frequency` with its list, `in_mount_matrix`, and the
    /// hardware FIFO's `buffer/hwfifo_*` attributes. No trigger without the IRQ (GETTRIG answers with no trigger set),
    /// but the FIFO accepts `buffer/enable`; nothing ever raises the interrupt that drains it, so the buffer never
    /// delivers (HIL-FACTS.md: libiio's refill times out). Raw reads answer the motion.
    public static let bmc150Accel = IIOFixture(name: "bmc150-accel", devices: [
        FixtureDevice(
            id: "iio:device0", name: "bmc150_accel",
            channels: threeAxis(
                .accel, firstIndex: 0, format: "le:s12/16>>4",
                shared: [
                    ("sampling_frequency", "125.000000", false),
                    ("sampling_frequency_available", "15.620000 31.260000 62.500000 125 250 500 1000", true),
                    ("scale", "0.019154", false),
                    ("scale_available", "0.009580 0.019154 0.038307 0.076614", true),
                ]
            ) + [timestamp(index: 3), mountMatrix("1, 0, 0; 0, 1, 0; 0, 0, 1")],
            bufferAttributes: standardBufferAttributes + [
                FixtureAttribute("hwfifo_enabled", value: "0", readOnly: true),
                FixtureAttribute("hwfifo_watermark", value: "0", readOnly: true),
                FixtureAttribute("hwfifo_watermark_max", value: "32", readOnly: true),
                FixtureAttribute("hwfifo_watermark_min", value: "1", readOnly: true),
            ],
            debugAttributes: [FixtureAttribute("direct_reg_access", value: "0xFA")],
            trigger: .settable(current: nil),
            bufferNeverDelivers: true
        ),
    ])
}
