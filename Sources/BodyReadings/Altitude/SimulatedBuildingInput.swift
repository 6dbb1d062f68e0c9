import MotionMath
import MotionSimulation
import ReadingFormats
import Sensors

/// The `sim` source of `altitude`: a simulated BMP280 (`SimulatedBarometer`, 25 Hz) and accelerometer
/// (`SyntheticGait` on the walk's step times, 50 Hz) in a `BuildingWalk`, merged in time order as `.pressure` and
/// `.accelerometer` readings. Computed ahead and delivered at once, like a recording: the 4-minute demo walk
/// (`BuildingWalk.demo`) climbs 2 floors by stairs, rides 2 down in the lift and stands through a door slam.
public struct SimulatedBuildingInput: FileInput {
    private let readings: [SensorReading]
    private var index = 0

    /// The input over `walk`, its errors from `seed`.
    public init(walk: BuildingWalk = BuildingWalk(activities: BuildingWalk.demo), seed: UInt64 = 1) {
        var barometer = SimulatedBarometer(walk: walk, seed: seed)
        var readings = barometer.all().map {
            SensorReading(kind: .pressure, t: $0.t, value: Vector3($0.pressure, $0.temperature, 0))
        }
        var gait = SyntheticGait(rate: 50, tail: max(0, walk.duration - (walk.stepTimes.last ?? 0)), seed: seed)
        gait.stepTimes = walk.stepTimes
        readings += gait.generate().samples.map {
            SensorReading(kind: .accelerometer, t: $0.t, value: $0.acceleration)
        }
        readings.sort { $0.t < $1.t }
        self.readings = readings
    }

    public mutating func next() throws(RecordingError) -> SensorReading? {
        guard index < readings.count else { return nil }
        defer { index += 1 }
        return readings[index]
    }
}
