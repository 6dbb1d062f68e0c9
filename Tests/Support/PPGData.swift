import Foundation

/// The PPG development recordings (`$PPG_DIR`, else `../shared/data/ppg` beside the package or its main checkout):
/// `NAME.csv` (`t,ppg,ecg`) and `NAME.beats` (reference beat times, s).
public enum PPGData {
    /// Where they are (the first candidate holding `a103l.csv`, else the first candidate).
    public static let directory: URL = {
        let candidates = PackagePaths.sharedDataCandidates("ppg", environmentVariable: "PPG_DIR")
        let found = candidates.first { FileManager.default.fileExists(atPath: $0 + "/a103l.csv") }
        return URL(fileURLWithPath: found ?? candidates[0])
    }()

    /// The recordings' names.
    public static let records = ["a103l", "mixedsignals"]

    /// True when the recordings are there (tests that need them are skipped otherwise).
    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("a103l.csv").path)
    }

    /// The path of `NAME.csv`.
    public static func csv(_ name: String) -> String { directory.appendingPathComponent("\(name).csv").path }

    /// The path of `NAME.beats`.
    public static func beatsFile(_ name: String) -> String { directory.appendingPathComponent("\(name).beats").path }

    /// The reference beat times (ECG R peaks) of `name`, s.
    public static func referenceBeats(_ name: String) throws -> [Double] {
        try String(contentsOfFile: beatsFile(name), encoding: .utf8).split(separator: "\n").compactMap { Double($0) }
    }
}
