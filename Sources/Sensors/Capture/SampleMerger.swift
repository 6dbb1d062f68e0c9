import MotionMath

/// Merges readings of separate accelerometer, gyroscope and magnetometer devices (each in its own time order, at its
/// own rate) into one gyroscope-driven stream of `IMUSample`s for the filter.
///
/// Each gyroscope reading becomes one sample, paired with the latest accelerometer (and magnetometer) reading taken at
/// or before it. A gyroscope reading waits until the accelerometer has caught up with its time, or until it is older
/// than `maximumLag` behind the newest gyroscope reading, or `capacity` gyroscope readings wait — so one slow or
/// stalled device delays the stream by at most that much. Every queue is bounded by `capacity`.
///
/// Readings of one kind that go back in time (a device reset) are dropped and counted too. No gyroscope reading is
/// emitted before the first accelerometer reading exists. Readings of other kinds (PPG) are ignored.
public struct SampleMerger: Sendable {
    /// How long a gyroscope reading may wait for the accelerometer, s. Default 0.1.
    public let maximumLag: Double
    /// Most readings held per queue. Default 256.
    public let capacity: Int
    /// Readings dropped: out of time order, queue overflow, or gyroscope readings before any accelerometer reading.
    public private(set) var droppedReadings = 0

    private var pendingGyroscope: [SensorReading] = []
    private var accelerometer: [SensorReading] = []
    private var magnetometer: [SensorReading] = []
    private var lastEmitted = -Double.infinity

    public init(maximumLag: Double = 0.1, capacity: Int = 256) {
        self.maximumLag = maximumLag
        self.capacity = max(2, capacity)
    }

    /// Adds one reading and appends the samples that became complete to `output` (readings other than the motion
    /// sensors' are ignored).
    public mutating func push(_ reading: SensorReading, into output: inout [IMUSample]) {
        switch reading.kind {
        case .gyroscope:
            if reading.t <= lastEmitted {
                droppedReadings += 1
            } else {
                droppedReadings += Self.append(reading, to: &pendingGyroscope, capacity: capacity)
            }
        case .accelerometer:
            droppedReadings += Self.append(reading, to: &accelerometer, capacity: capacity)
        case .magnetometer:
            droppedReadings += Self.append(reading, to: &magnetometer, capacity: capacity)
        case .stepCount, .activity, .ppg, .pressure:
            return
        }
        drain(into: &output, force: false)
    }

    /// Emits every waiting gyroscope reading with the best accelerometer reading available (at the end of a stream).
    public mutating func flush(into output: inout [IMUSample]) {
        drain(into: &output, force: true)
    }

    /// Appends a reading that moves time forward; returns how many readings were dropped (0 or 1).
    private static func append(_ reading: SensorReading, to queue: inout [SensorReading], capacity: Int) -> Int {
        if let last = queue.last, reading.t <= last.t { return 1 }
        queue.append(reading)
        guard queue.count > capacity else { return 0 }
        queue.removeFirst(queue.count - capacity)
        return 1
    }

    private mutating func drain(into output: inout [IMUSample], force: Bool) {
        guard let newestGyroscope = pendingGyroscope.last?.t else { return }
        var used = 0
        for gyroscope in pendingGyroscope {
            guard let newestAccelerometer = accelerometer.last?.t else {
                // Without any accelerometer reading a sample cannot be formed; keep waiting up to the lag.
                if force || newestGyroscope - gyroscope.t > maximumLag || pendingGyroscope.count >= capacity {
                    droppedReadings += 1
                    used += 1
                    continue
                }
                break
            }
            let caughtUp = newestAccelerometer >= gyroscope.t
            let waitedTooLong = newestGyroscope - gyroscope.t > maximumLag || pendingGyroscope.count - used >= capacity
            guard caughtUp || force || waitedTooLong else { break }
            guard let accel = Self.latest(in: &accelerometer, atOrBefore: gyroscope.t) else { break }
            let magn = Self.latest(in: &magnetometer, atOrBefore: gyroscope.t)
            output.append(
                IMUSample(t: gyroscope.t, accelerometer: accel.value, gyroscope: gyroscope.value, magnetometer: magn?.value)
            )
            lastEmitted = gyroscope.t
            used += 1
        }
        pendingGyroscope.removeFirst(used)
    }

    /// The newest reading at or before `t` (the oldest one when all are later), dropping the readings before it,
    /// which no later gyroscope reading can need.
    private static func latest(in queue: inout [SensorReading], atOrBefore t: Double) -> SensorReading? {
        guard !queue.isEmpty else { return nil }
        var index = 0
        while index + 1 < queue.count, queue[index + 1].t <= t { index += 1 }
        if index > 0 { queue.removeFirst(index) }
        return queue[0]
    }
}
