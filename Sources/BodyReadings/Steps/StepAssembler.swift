import Sensors

/// Picks the readings a step count needs from a source's readings: the accelerometer for the step detector, the count
/// and activity of a hardware step counter, the barometer for the flights climbed, and on request the magnetometer
/// (the tilt filter's heading on a device without a gyroscope), each kind in time order (a reading that does not move
/// its kind's time forward is dropped and counted). The pipeline over it runs a `StepProcessor`, or the tilt filter.
public struct StepAssembler: SampleAssembler {
    public private(set) var droppedReadings = 0
    /// True when magnetometer readings are kept; false (the default) drops them: a step count needs none.
    public let keepsMagnetometer: Bool
    private var lastTimes: [SensorReading.Kind: Double] = [:]

    public init(keepsMagnetometer: Bool = false) {
        self.keepsMagnetometer = keepsMagnetometer
    }

    public mutating func push(_ reading: SensorReading, into output: inout [SensorReading]) {
        switch reading.kind {
        case .accelerometer, .stepCount, .activity, .pressure: break
        case .magnetometer: guard keepsMagnetometer else { return }
        case .gyroscope, .ppg: return
        }
        if let last = lastTimes[reading.kind], reading.t <= last {
            droppedReadings += 1
            return
        }
        lastTimes[reading.kind] = reading.t
        output.append(reading)
    }

    public mutating func flush(into output: inout [SensorReading]) {}
}
