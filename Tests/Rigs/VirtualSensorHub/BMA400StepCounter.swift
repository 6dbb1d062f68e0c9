import MotionSimulation

/// The step counter of the emulated BMA400, kept as the chip keeps it: the true steps of a trajectory are counted
/// only while the driver has the step interrupt enabled (INT_CONFIG1 0x20 bit 0, which the bma400 driver sets when
/// `in_steps_en` is written 1), into a 24-bit count that wraps; the activity (0 still, 1 walking, 2 running, as STEP_STAT
/// 0x18 encodes it) follows the steps only while enabled, and both stay as they were while disabled.
///
/// A step passing between two looks at the enable bit counts when the second look finds the bit set: the feeder
/// looks every 10 ms, far less than a step period.
public struct BMA400StepCounter: Sendable {
    /// What happened, for the feeder's step log.
    public enum Event: String, Sendable {
        case enabled, disabled, step
    }

    /// One entry of the log: the event, its trajectory time (s) and the count after it.
    public struct Record: Equatable, Sendable {
        public var event: Event
        public var t: Double
        public var count: UInt32
    }

    /// The count wraps here (STEP_CNT_0..2 are 24 bits).
    public static let modulus: UInt32 = 1 << 24
    /// A step this recent (s) makes the activity walking or running; longer without one, still.
    public static let activityWindow = 1.0

    /// The count in STEP_CNT_0..2.
    public private(set) var count: UInt32
    /// The activity in STEP_STAT.
    public private(set) var activity: UInt8 = 0
    /// Whether the last look found the step interrupt enabled.
    public private(set) var isEnabled = false

    private let motion: any Trajectory
    private let movingActivity: UInt8
    private var counted = 0.0
    private var lastStep: Double?

    /// Counts the steps of `motion` from its t = 0, starting at `initialCount` (modulo 2²⁴); `running` reports
    /// activity 2 instead of 1 while stepping.
    public init(motion: any Trajectory, running: Bool = false, initialCount: UInt32 = 0) {
        self.motion = motion
        self.movingActivity = running ? 2 : 1
        self.count = initialCount % Self.modulus
    }

    /// Advances to trajectory time `time` (s, not decreasing) with the enable bit as just read; returns what
    /// happened, in order.
    public mutating func advance(to time: Double, enabled: Bool) -> [Record] {
        var records: [Record] = []
        if enabled != isEnabled {
            isEnabled = enabled
            records.append(Record(event: enabled ? .enabled : .disabled, t: time, count: count))
        }
        if time > counted {
            for step in motion.steps(from: counted, to: time) {
                lastStep = step
                guard isEnabled else { continue }
                count = (count + 1) % Self.modulus
                records.append(Record(event: .step, t: step, count: count))
            }
            counted = time
        }
        if isEnabled {
            activity = lastStep.map { time - $0 < Self.activityWindow } == true ? movingActivity : 0
        }
        return records
    }

    /// STEP_CNT_0, STEP_CNT_1, STEP_CNT_2 (little-endian count) and STEP_STAT, from 0x15.
    public var registers: [UInt8] {
        littleEndian(count, bytes: 3) + [activity]
    }
}
