import MotionMath

extension AttitudeSmoother {
    /// One byte per sample: what the passes learnt about it.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8

        /// The forward filter rejected the sample (bad gyroscope or time): it repeats the previous estimate.
        static let rejected = Flags(rawValue: 1 << 0)
        /// The first sample of a segment (the recording's first, or the first after a gap longer than
        /// `AttitudeFilter.Settings.maximumGap`): integration and the filters start again there.
        static let segmentStart = Flags(rawValue: 1 << 1)
        /// The forward and the backward filter judged the magnetic field disturbed.
        static let forwardMagneticDisturbance = Flags(rawValue: 1 << 2)
        static let backwardMagneticDisturbance = Flags(rawValue: 1 << 3)
        /// The forward or the backward filter detected rest.
        static let resting = Flags(rawValue: 1 << 4)
        /// The accelerometer (magnetometer) reading is usable.
        static let accelerometerValid = Flags(rawValue: 1 << 5)
        static let magnetometerValid = Flags(rawValue: 1 << 6)

        /// Disturbed as judged with hindsight: only where both directions agree (each detector is late at one end
        /// of a disturbance and early at the other, and is disturbed before it has found a reference field).
        var isMagneticallyDisturbed: Bool {
            isSuperset(of: [.forwardMagneticDisturbance, .backwardMagneticDisturbance])
        }
    }
}
