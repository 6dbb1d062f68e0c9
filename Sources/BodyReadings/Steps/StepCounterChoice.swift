/// Which counter counts the steps (`steps --counter`): the chip's own (a hardware step counter, `in_steps_input`)
/// or the step detector on the accelerometer.
public enum StepCounterChoice: String, Sendable, CaseIterable {
    /// The hardware counter when the source has one, else the accelerometer.
    case automatic = "auto"
    /// The hardware counter; a source without one cannot count.
    case hardware
    /// The step detector on the accelerometer, even where a hardware counter exists.
    case software

    /// The counter this choice takes on a source that has (`hasHardware`) a hardware counter or not; nil when
    /// `.hardware` is asked for and there is none.
    public func resolve(hasHardware: Bool) -> StepCounter? {
        switch self {
        case .automatic: hasHardware ? .hardware : .software
        case .hardware: hasHardware ? .hardware : nil
        case .software: .software
        }
    }
}

/// The counter that counts a run's steps.
public enum StepCounter: String, Sendable {
    /// A chip's step counter, polled.
    case hardware
    /// The step detector (`StepDetector`) on the accelerometer.
    case software

    /// The readings a source is asked for to count with this counter.
    public var readings: Set<SensorReading.Kind> {
        switch self {
        case .hardware: [.stepCount, .activity]
        case .software: [.accelerometer]
        }
    }
}
