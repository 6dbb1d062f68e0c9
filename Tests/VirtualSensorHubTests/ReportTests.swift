import MotionMath
import Testing
@testable import VirtualSensorHub

@Suite("Input and feature report encoding")
struct ReportTests {
    @Test("input reports carry little-endian Int32 counts of the sensor's LSB")
    func inputEncoding() {
        // 1 g = 100 counts of 0.01 g; −0.01 g = −1.
        #expect(HubSensor.accelerometer.inputReport(Vector3(HubSensor.standardGravity, -0.01 * HubSensor.standardGravity, 0))
            == [1, 0x64, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0])
        // 1 °/s = 100 counts of 0.01 °/s.
        #expect(HubSensor.gyrometer.inputReport(Vector3(0, 0, Double.pi / 180))
            == [2, 0, 0, 0, 0, 0, 0, 0, 0, 0x64, 0, 0, 0])
        // 50 µT = 0.5 G = 500 counts of 1 mG.
        #expect(HubSensor.compass.inputReport(Vector3(50, 0, 0)) == [3, 0xF4, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("out-of-range and NaN values saturate or read zero instead of trapping")
    func inputSaturation() {
        let report = HubSensor.accelerometer.inputReport(Vector3(.infinity, -.infinity, .nan))
        #expect(Array(report[1...4]) == [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(Array(report[5...8]) == [0x00, 0x00, 0x00, 0x80])
        #expect(Array(report[9...12]) == [0, 0, 0, 0])
    }

    @Test("the LSB equals the scale the kernel derives (× 100 for gauss to µT)")
    func scales() {
        #expect(abs(HubSensor.accelerometer.lsb - HubSensor.accelerometer.expectedIIOScale) < 1e-9)
        #expect(abs(HubSensor.gyrometer.lsb - HubSensor.gyrometer.expectedIIOScale) < 1e-9)
        #expect(abs(HubSensor.compass.lsb - 100 * HubSensor.compass.expectedIIOScale) < 1e-12)
    }

    @Test("feature reports round-trip and stream only at D0 with events on")
    func properties() throws {
        var properties = SensorProperties()
        #expect(!properties.isStreaming)
        properties.powerState = 2
        properties.reportingState = 2
        properties.reportIntervalMilliseconds = 0x0102_0304
        properties.sensitivity = 0x0506
        let encoded = properties.encoded(reportID: 2)
        #expect(encoded == [2, 2, 2, 0x04, 0x03, 0x02, 0x01, 0x06, 0x05])
        #expect(SensorProperties(decoding: encoded) == properties)
        #expect(properties.isStreaming)
        #expect(SensorProperties(decoding: [2, 2]) == nil)
        properties.powerState = 6
        #expect(!properties.isStreaming)
    }

    @Test("BMI160 registers: gyro then accel, little-endian Int16 counts of 0.001065 rad/s and 0.000598 m/s²")
    func bmi160Registers() {
        let reading = SensorErrorModel.Reading(
            accel: Vector3(0, -0.000598, 0.000598 * 1000), anglvel: Vector3(0.001065 * 2, 0, -0.001065 * 300),
            magn: .zero)
        #expect(BMI160Feeder.registers(for: reading)
            == [0x02, 0x00, 0x00, 0x00, 0xD4, 0xFE, 0x00, 0x00, 0xFF, 0xFF, 0xE8, 0x03])
    }
}
