import MotionMath
import Sensors

extension IMUSample {
    /// Appends the sample's readings in the order a driver delivers them, accelerometer, magnetometer (when there is
    /// one) and gyroscope last: the merger completes a sample at its gyroscope reading. One place for the sources
    /// that hold whole samples (a recording, the simulated IMU, the service's raw samples) to hand them to a capture.
    func appendReadings(to readings: inout [SensorReading]) {
        readings.append(SensorReading(kind: .accelerometer, t: t, value: accelerometer))
        if let magnetometer {
            readings.append(SensorReading(kind: .magnetometer, t: t, value: magnetometer))
        }
        readings.append(SensorReading(kind: .gyroscope, t: t, value: gyroscope))
    }
}
