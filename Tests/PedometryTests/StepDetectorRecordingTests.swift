import Foundation
import MotionMath
import Pedometry
import TestSupport
import Testing

/// Real phone recordings from the development split (`$STEPS_DIR`, else `../shared/data/steps` beside the package or
/// its main checkout; skipped without them): one per placement of one walker, and two more phones and rates.
///
/// Tolerance: 3 % of the counted truth. On the whole split the detector's mean absolute error is 1.10 % (bench/steps;
/// Samsung_Dario_Hard_FrontPocket_1 reads +2.9 %); the truth itself disagrees with the recordings' own cadence by up to
/// 6 % on some (bench/README.md).
@Suite struct StepDetectorRecordingTests {
    static let directory: String? = PackagePaths.sharedDataCandidates("steps", environmentVariable: "STEPS_DIR")
        .first { FileManager.default.fileExists(atPath: $0 + "/trials.json") }

    static let recordings = [
        "Samsung_Dario_Hard_ArmBand_1", "Samsung_Dario_Hard_BackPocket_1", "Samsung_Dario_Hard_FrontPocket_1",
        "Samsung_Dario_Hard_InHand_1", "Samsung_Dario_Hard_NeckPouch_1", "Samsung_Dario_Hard_Purse_1",
        "Pixel_Jamie_Hard_InHand_1", "Samsung_Jamie_Hard_InHand_1",
    ]

    @Test(.enabled(if: directory != nil, "no step recordings in $STEPS_DIR or ../shared/data/steps"),
          arguments: recordings)
    func countsWithinThreePercent(name: String) throws {
        let directory = try #require(Self.directory)
        let truth = try Self.truth(directory)[name]
        let steps = try #require(truth)
        let counted = try Self.count("\(directory)/\(name).csv")
        let error = Double(counted - steps) / Double(steps)
        #expect(abs(error) <= 0.03, "\(name): \(counted) steps, truth \(steps)")
    }

    /// A slow irregular walk on carpet that is recognised as walking only 18.4 s in: its first steps are found
    /// backwards (`Settings.lockInWindow`, 20 s). Tolerance 1 % of the truth (195): 194 here; the 15 s window lost
    /// the first 3 steps (191, −2.1 %).
    @Test(.enabled(if: directory != nil, "no step recordings in $STEPS_DIR or ../shared/data/steps"))
    func findsTheFirstStepsOfAWalkRecognisedLate() throws {
        let directory = try #require(Self.directory)
        let name = "Pixel_Jamie_Carpet_InHand_1"
        let steps = try #require(try Self.truth(directory)[name])
        let counted = try Self.count(directory + "/" + name + ".csv")
        #expect(abs(Double(counted - steps)) <= 0.01 * Double(steps), "\(name): \(counted) steps, truth \(steps)")
    }

    /// The steps the default detector counts in the recording at `path` (a CSV whose header names t, accel_x,
    /// accel_y and accel_z).
    static func count(_ path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n")
        let header = lines.removeFirst().split(separator: ",").map(String.init)
        let columns = try ["t", "accel_x", "accel_y", "accel_z"].map { try #require(header.firstIndex(of: $0)) }
        var detector = StepDetector()
        for line in lines {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let t = Double(f[columns[0]]), let x = Double(f[columns[1]]), let y = Double(f[columns[2]]),
                let z = Double(f[columns[3]])
            else { continue }
            detector.update(time: t, acceleration: Vector3(x, y, z)) { _ in }
        }
        return detector.state.steps
    }

    static func truth(_ directory: String) throws -> [String: Int] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/trials.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        return json.compactMapValues { $0["steps"] as? Int }
    }
}
