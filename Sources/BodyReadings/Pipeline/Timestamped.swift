import Barometry
import Fusion
import MotionMath
import Pedometry
import Pulse
import ReadingFormats
import Sensors

/// A value that belongs to one instant: what a pipeline's duration limit and update decimator measure.
public protocol Timestamped {
    /// Time of the measurement, s (kernel timestamp, monotonic clock or recording time; only differences matter).
    var t: Double { get }
}

// The readings of the layers below spell their time `t` already; these declarations only say so.
extension IMUSample: Timestamped {}
extension SensorReading: Timestamped {}
extension RecordingRow: Timestamped {}
extension MotionEstimate: Timestamped {}
extension Step: Timestamped {}
extension PPGSample: Timestamped {}
extension Beat: Timestamped {}
extension AltitudeReading: Timestamped {}
extension AltitudeUpdate: Timestamped {}

// MotionManager's updates keep the name CoreMotion gives their time (CMLogItem's `timestamp`); the fan-out that
// delivers them reads it as `t`.
extension DeviceMotion: Timestamped { public var t: Double { timestamp } }
extension AccelerometerData: Timestamped { public var t: Double { timestamp } }
extension GyroData: Timestamped { public var t: Double { timestamp } }
extension MagnetometerData: Timestamped { public var t: Double { timestamp } }
extension AltitudeData: Timestamped { public var t: Double { timestamp } }
