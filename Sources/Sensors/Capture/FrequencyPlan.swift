import TextFormats

/// Which sampling frequency the sensors of one device run at for an update interval, decided from what discovery
/// read (the current frequency and the driver's `…sampling_frequency_available` list) before anything is written.
///
/// One step per distinct sampling-frequency attribute, in sensor order; sensors of one device sharing an attribute
/// (`sampling_frequency`) are set once, by the first of them. For each attribute:
/// - the driver lists its frequencies: the smallest one at or above the rate the interval needs, else the fastest
///   (`SamplingFrequencyChoice`), written unless it is the current one already;
/// - no list (HID sensor hubs accept any report interval) and a current rate below the needed one: the needed rate
///   is asked for, and a driver that refuses it (EINVAL) keeps its own;
/// - otherwise the attribute is left alone.
/// A pulse sensor has no attribute and a rate known anyway (the health drivers' fixed 100 samples/s): it sets the
/// device's rate when no attribute does.
///
/// Restoring is not the plan's choice: whoever carries out a step reads the attribute's text just before writing
/// and puts exactly that text back when the capture ends (`SysfsRestorer`).
struct FrequencyPlan: Equatable {
    /// What happens to one sampling-frequency attribute.
    enum Action: Equatable {
        /// Left alone; the sensor runs at its current rate (or, unknown, is assumed to run at the needed one).
        case keep
        /// `frequency` from the driver's list; written only when `write` (it differs from the current one).
        /// A refusal is a failure.
        case choose(frequency: Double, write: Bool)
        /// No list and too slow: ask for `frequency`; a driver refusing with EINVAL keeps `current`.
        case raise(frequency: Double, current: Double)
    }

    /// One sampling-frequency attribute and what happens to it.
    struct Step: Equatable {
        /// The attribute.
        var location: AttributeLocation
        /// The first sensor that uses it (named in log lines).
        var kind: SensorKind
        /// Its frequency before the capture, Hz, when discovery could read it.
        var current: Double?
        /// What happens to it.
        var action: Action

        /// The value to write, Hz, or nil when the attribute is left as it is.
        var write: Double? {
            switch action {
            case .keep, .choose(_, write: false): nil
            case .choose(let frequency, write: true), .raise(let frequency, _): frequency
            }
        }
    }

    /// The update interval planned for, s.
    let interval: Double
    /// The rate that interval needs, Hz (`SamplingFrequencyChoice.needed(forInterval:)`).
    let needed: Double
    /// One step per distinct attribute, in the order of the sensors.
    let steps: [Step]
    /// The fastest fixed rate of the pulse sensors without a sampling-frequency attribute, Hz.
    let fixed: Double?

    /// Plans the sampling frequencies of `sensors` (the sensors of one device) for updates every `interval` seconds.
    init(sensors: [DiscoveredSensor], interval: Double) {
        self.interval = interval
        let needed = SamplingFrequencyChoice.needed(forInterval: interval)
        self.needed = needed
        var steps: [Step] = []
        self.fixed = sensors.filter { $0.kind == .ppg && $0.samplingFrequencyAttribute == nil }
            .compactMap(\.samplingFrequency).max()
        for sensor in sensors {
            guard let location = sensor.samplingFrequencyAttribute,
                !steps.contains(where: { $0.location == location })
            else { continue }
            let current = sensor.samplingFrequency
            let action: Action
            if let chosen = SamplingFrequencyChoice.choose(needed: needed, available: sensor.availableFrequencies) {
                let unchanged = current.map { abs($0 - chosen) < 1e-6 } ?? false
                action = .choose(frequency: chosen, write: !unchanged)
            } else if let current, current + 1e-6 < needed {
                action = .raise(frequency: needed, current: current)
            } else {
                action = .keep
            }
            steps.append(Step(location: location, kind: sensor.kind, current: current, action: action))
        }
        self.steps = steps
    }

    /// The device's rate once every step ran, Hz: the fastest of its sensors, or their fixed rate when they have no
    /// attribute, or the needed rate when no sensor's rate is known. `refused`: the attributes whose `raise` the driver refused.
    func rate(refused: Set<AttributeLocation> = []) -> Double {
        var rate: Double?
        for step in steps {
            let stepRate: Double
            switch step.action {
            case .keep: stepRate = step.current ?? needed
            case .choose(let frequency, _): stepRate = frequency
            case .raise(let frequency, let current): stepRate = refused.contains(step.location) ? current : frequency
            }
            rate = max(rate ?? 0, stepRate)
        }
        return rate ?? fixed ?? needed
    }

    /// What to say before a step runs (a `choose`), e.g. `accelerometer sampling at 100 Hz (smallest available
    /// ≥ 100 Hz for 0.01 s updates)`; nil for the other actions.
    func announcement(of step: Step) -> String? {
        guard case .choose(let chosen, _) = step.action else { return nil }
        let reason = chosen + 1e-6 >= needed
            ? "smallest available ≥ \(FixedDecimal.readable(needed)) Hz"
            : "fastest available; \(FixedDecimal.readable(needed)) Hz wanted"
        return "\(step.kind.rawValue) sampling at \(chosen.sysfsText) Hz (\(reason) for \(FixedDecimal.readable(interval)) s updates)"
    }

    /// What to say after a `raise` ran, accepted or `refused` by the driver; nil for the other actions.
    func outcome(of step: Step, refused: Bool) -> String? {
        guard case .raise(let frequency, let current) = step.action else { return nil }
        if refused {
            return "\(step.kind.rawValue) stays at \(current.sysfsText) Hz (the driver refused \(frequency.sysfsText) Hz)"
        }
        return "\(step.kind.rawValue) sampling at \(frequency.sysfsText) Hz (was \(current.sysfsText) Hz, no list of "
            + "available rates)"
    }
}
