import BodyReadings
import Foundation
import IIODTestServer
import MotionMath
import MotionSimulation
import Sensors
import Testing

/// Heading on a device with an accelerometer and a magnetometer but no gyroscope (an e-compass chip such as the
/// FXOS8700 or KMX61, or an accelerometer beside a separate magnetometer): the tilt filter's tilt-compensated compass,
/// checked against the simulator's truth.
@Suite("Heading without a gyroscope")
struct TiltHeadingTests {
    static let degree = Double.pi / 180

    /// The heading of `attitude` as `DeviceMotion` gives it: the device's y axis clockwise from north, degrees.
    static func heading(_ attitude: Quaternion) -> Double {
        let top = attitude.rotate(Vector3(0, 1, 0))
        let degrees = atan2(top.x, top.y) / degree
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The smallest difference of two headings, degrees.
    static func difference(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// The simulated IMU's accelerometer and magnetometer (with its noise) through `MotionManager`'s processor while
    /// the tilted device turns slowly about the vertical: the heading follows within the low pass's lag (τ·ω = 0.1 s ×
    /// 0.2 rad/s ≈ 1.1°) plus the noise (0.3° rms); the whole attitude too; what is not measured stays NaN.
    @Test func followsASlowTurn() {
        let tilt = Quaternion(roll: 25 * Self.degree, pitch: -15 * Self.degree, yaw: 0)
        let turn = ScriptedTrajectory(
            keyframes: [.init(t: 0, attitude: tilt)],
            layers: [.init(axis: tilt.inverseRotate(Vector3(0, 0, 1)), angle: .linear(rate: 0.2))])
        var imu = SimulatedIMU(trajectory: turn, seed: 3)
        var filter = TiltDeviceMotionFilter()
        var worstHeading = 0.0, worstAttitude = 0.0, updates = 0
        for reading in imu.next(2000) {
            let sample = reading.sample
            guard let field = sample.magnetometer else { continue }
            filter.process(SensorReading(kind: .magnetometer, t: sample.t, value: field)) { _ in }
            filter.process(SensorReading(kind: .accelerometer, t: sample.t, value: sample.accelerometer)) { motion in
                updates += 1
                #expect(motion.rotationRate.x.isNaN && motion.userAcceleration.z.isNaN)
                guard motion.timestamp >= 1, let heading = motion.heading else { return }
                #expect(motion.magneticField == field)
                worstHeading = max(worstHeading, Self.difference(heading, Self.heading(reading.truth.attitude)))
                worstAttitude = max(worstAttitude, motion.attitude.angle(to: reading.truth.attitude) / Self.degree)
            }
        }
        #expect(updates == 2000)
        #expect(worstHeading > 0.5 && worstHeading < 2.5, "\(worstHeading)°")
        #expect(worstAttitude < 3, "\(worstAttitude)°")
    }

    /// Through libiio's network client: `MotionManager` on an accelerometer beside a magnetometer (a HID hub without
    /// its gyroscope) gives device motion with the heading of the simulated device lying tilted and turned.
    @Test func motionManagerGivesHeading() throws {
        let truth = Quaternion(roll: 20 * Self.degree, pitch: -10 * Self.degree, yaw: 60 * Self.degree)
        let hub = IIOFixture.hidSensorHub.devices
        let fixture = IIOFixture(name: "accel-magn", devices: [hub[0], hub[2], hub[3], hub[5]])
        let server = try IIODTestServer(fixture: fixture, trajectory: ScriptedTrajectory.rest(attitude: truth))
        defer { server.stop() }
        let lines = Collector<String>(enough: 1)
        let manager = MotionManager(
            source: .iio(uri: server.uri), calibration: .disabled, calibrationLog: { lines.handle($0, nil) })
        #expect(!manager.isDeviceMotionAvailable && manager.isMagnetometerAvailable)
        let motion = Collector<DeviceMotion>(enough: 40)
        try manager.startDeviceMotionUpdates { motion.handle($0, $1) }
        #expect(motion.wait(seconds: 30))
        manager.stopDeviceMotionUpdates()
        // After the low pass has settled (its first field came with the first updates).
        let settled = try #require(motion.collected.last)
        let heading = try #require(settled.heading)
        #expect(Self.difference(heading, Self.heading(truth)) < 1.5, "\(heading)° vs \(Self.heading(truth))°")
        #expect(settled.attitude.angle(to: truth) / Self.degree < 1.5)
        #expect(settled.rotationRate.x.isNaN && settled.userAcceleration.z.isNaN)
        #expect(lines.collected.contains { $0.contains("has no gyroscope") && $0.contains("from the magnetometer") })
    }
}
