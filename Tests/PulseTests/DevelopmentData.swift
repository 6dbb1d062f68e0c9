import Foundation
import TestSupport
import Testing

/// The PPG development recordings (`PPGData`) and this target's fixtures.
enum DevelopmentData {
    static var directory: URL { PPGData.directory }
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var records: [String] { PPGData.records }

    /// True when the recordings are there (the tests that need them are skipped otherwise).
    static var isPresent: Bool { PPGData.isPresent }

    /// (t, ppg) of `name`.csv; an empty PPG field is NaN.
    static func recording(_ name: String) throws -> (time: [Double], ppg: [Double]) {
        let rows = try table(directory.appendingPathComponent("\(name).csv"))
        let t = try #require(rows.header.firstIndex(of: "t"))
        let p = try #require(rows.header.firstIndex(of: "ppg"))
        return (rows.fields.map { Double($0[t]) ?? .nan }, rows.fields.map { Double($0[p]) ?? .nan })
    }

    /// The reference beat times (ECG R peaks) of `name`.
    static func referenceBeats(_ name: String) throws -> [Double] { try PPGData.referenceBeats(name) }

    /// A CSV file's header and rows of fields.
    static func table(_ url: URL) throws -> (header: [String], fields: [[String]]) {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let fields = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (header, fields.filter { $0.count == header.count })
    }
}
