import Foundation
import MotionMath
import TestSupport
import Testing

@testable import Fusion

/// Accuracy regression on one BROAD development trial (Laidig et al., Data 6(7):72, 2021), read straight from its
/// `.mat` file. Skipped when the data set is not there.
///
/// Reference on this trial (36_disturbed_attached_magnet_5cm), BROAD RMSE in degrees:
/// this filter 0.572 (6D inclination), 0.989 (9D heading); VQF 2.1.2 with defaults 0.877 and 2.219. Offline: the
/// smoother 0.529 and 2.220; VQF's `offlineVQF` 0.546 and 3.209.
@Suite("BROAD regression")
struct BROADRegressionTests {
    static let trial = "36_disturbed_attached_magnet_5cm"

    @Test(
        "6D inclination and 9D heading on a dev trial stay below VQF's",
        .enabled(if: BROADData.directory != nil, "\(BROADData.missingReason)")
    )
    func accuracyOnDevelopmentTrial() throws {
        let (six, nine) = try Self.accuracy(offline: false)
        // Measured 0.572° and 0.989° with the default settings (no latency compensation); the bounds leave room for
        // harmless numerical changes, not for regressions towards the 1.414° before the rest-learnt magnetic reference
        // or VQF's 0.877° and 2.219°.
        #expect(six < 0.60, "6D inclination RMSE \(six)°")
        #expect(nine < 1.10, "9D heading RMSE \(nine)°")
    }

    @Test(
        "offline: 6D inclination and 9D heading on a dev trial stay below offlineVQF's",
        .enabled(if: BROADData.directory != nil, "\(BROADData.missingReason)")
    )
    func offlineAccuracyOnDevelopmentTrial() throws {
        let (six, nine) = try Self.accuracy(offline: true)
        // Measured 0.529° and 2.22° (offlineVQF 0.546° and 3.21°); the bounds leave about 4 % and 5 % for harmless
        // numerical changes.
        #expect(six < 0.55, "6D inclination RMSE \(six)°")
        #expect(nine < 2.45, "9D heading RMSE \(nine)°")
    }

    /// 6D inclination and 9D heading RMSE, degrees, of the online filter or the offline smoother on the trial.
    static func accuracy(offline: Bool) throws -> (inclination: Double, heading: Double) {
        let file = try MATFile(path: try #require(BROADData.path(of: Self.trial)))
        let acc = try #require(file.matrices["imu_acc"])
        let gyr = try #require(file.matrices["imu_gyr"])
        let mag = try #require(file.matrices["imu_mag"])
        let truth = try #require(file.matrices["opt_quat"])
        let movement = try #require(file.matrices["movement"])
        let rate = try #require(file.matrices["sampling_rate"]?.values.first)
        #expect(acc.columns == 3 && truth.columns == 4 && acc.rows == truth.rows && abs(rate - 285.714) < 0.01)

        func rmse(nine: Bool) -> (inclination: Double, heading: Double) {
            let samples = (0..<acc.rows).map { i in
                IMUSample(
                    t: Double(i) / rate,
                    accelerometer: Vector3(acc[i, 0], acc[i, 1], acc[i, 2]),
                    gyroscope: Vector3(gyr[i, 0], gyr[i, 1], gyr[i, 2]),
                    magnetometer: nine ? Vector3(mag[i, 0], mag[i, 1], mag[i, 2]) : nil)
            }
            var filter = AttitudeFilter()
            let estimates = offline ? AttitudeSmoother.smooth(samples) : samples.map { filter.update($0) }
            var inclination = 0.0, heading = 0.0, count = 0
            for (i, estimate) in estimates.enumerated() {
                let q = Quaternion(w: truth[i, 0], x: truth[i, 1], y: truth[i, 2], z: truth[i, 3])
                guard movement[i, 0] != 0, q.isFinite else { continue }
                inclination += pow(AttitudeError.inclination(estimate.attitude, q), 2)
                heading += pow(AttitudeError.heading(estimate.attitude, q), 2)
                count += 1
            }
            return ((inclination / Double(count)).squareRoot(), (heading / Double(count)).squareRoot())
        }
        return (rmse(nine: false).inclination, rmse(nine: true).heading)
    }
}
