import Foundation
import MotionMath
import Pedometry
import TestSupport
import Testing

/// Real phone recordings from the development split (`$STEPS_DIR`, else `../shared/data/steps` beside the package or
/// its main checkout; skipped without them): one per placement of one walker, and two more phones and rates.
///
/// Tolerance: 3 % of the counted truth. On the whole split the detector's mean absolute error is 1.13 % (bench/steps;
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
        let text = try String(contentsOfFile: "\(directory)/\(name).csv", encoding: .utf8)
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
        let error = Double(detector.state.steps - steps) / Double(steps)
        #expect(abs(error) <= 0.03, "\(name): \(detector.state.steps) steps, truth \(steps)")
    }

    static func truth(_ directory: String) throws -> [String: Int] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/trials.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        return json.compactMapValues { $0["steps"] as? Int }
    }
}
