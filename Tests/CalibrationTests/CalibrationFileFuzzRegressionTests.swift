import Foundation
import TestSupport
import Testing

@testable import Calibration

/// Inputs the calibration-file fuzzer reported, kept as tests (Tests/Fuzz/Corpus/fuzz-calibration-file/regression-*).
@Suite("calibration file: fuzzer findings")
struct CalibrationFileFuzzRegressionTests {
    /// Reported as a timeout (over 10 s) on a loaded machine: a 2 KB sensor name made of escapes. It decodes in
    /// about 75 ms in the fuzzer's own build, so the report was the load, not the parser; this keeps it fast (5 s
    /// allows for a debug build on a busy machine) and its round trip exact.
    @Test func aSensorNameOfEscapesDecodesPromptly() throws {
        let path = PackagePaths.file("Tests/Fuzz/Corpus/fuzz-calibration-file/regression-escaped-sensor.json")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let start = Date()
        do {
            let file = try CalibrationFile(json: bytes, path: path)
            let again = try CalibrationFile(json: Array(file.jsonText.utf8), path: "again.json")
            #expect(again.jsonText == file.jsonText)
        } catch {
            #expect(error.isContentError, "\(error)")
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
