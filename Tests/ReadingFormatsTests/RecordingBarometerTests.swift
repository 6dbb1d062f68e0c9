import MotionMath
import Testing
@testable import ReadingFormats

/// Recordings with a barometer: `pressure` (kPa) and `temperature` (°C) columns beside the IMU's, on rows of their own
/// (IMU fields empty) or on IMU rows; `next()` yields only the IMU samples, `nextRow()` every row with its pressure.
@Suite struct RecordingBarometerTests {
    private static let header = RecordingReaderTests.header + ",pressure,temperature"

    private func rows(_ text: String) throws -> [RecordingRow] {
        let reader = try RecordingReader(bytes: Array(text.utf8), source: "baro.csv")
        var rows: [RecordingRow] = []
        while let row = try reader.nextRow() { rows.append(row) }
        return rows
    }

    @Test func pressureRowsAndPressureOnIMURowsAreReadAndMotionSkipsTheBarometersRows() throws {
        let text = Self.header + "\n"
            + "0,0,0,9.8,0,0,0,101.325,21.5\n"
            + "0.01,,,,,,,101.324,\n"
            + "0.02,0,0,9.8,0,0,0,,\n"
            + "0.03,,,,,,,101.323,21.25\n"
        let reader = try RecordingReader(bytes: Array(text.utf8), source: "baro.csv")
        #expect(reader.hasPressure && !reader.hasPPG)
        let read = try rows(text)
        #expect(read.map(\.t) == [0, 0.01, 0.02, 0.03])
        #expect(read.map(\.pressure) == [101.325, 101.324, nil, 101.323])
        #expect(read.map(\.temperature) == [21.5, nil, nil, 21.25], "an empty temperature is none")
        #expect(read.map { $0.motion != nil } == [true, false, true, false])
        #expect(try RecordingReaderTests.read(text).map(\.t) == [0, 0.02], "motion readers skip the pressure rows")
    }

    @Test func aTemperatureWithoutAPressureColumnIsIgnoredAndOldRecordingsHaveNoPressure() throws {
        let withTemperature = RecordingReaderTests.header + ",temperature\n0,0,0,9.8,0,0,0,20\n"
        let reader = try RecordingReader(bytes: Array(withTemperature.utf8), source: "t.csv")
        #expect(!reader.hasPressure)
        #expect(try rows(withTemperature).map(\.temperature) == [nil])
        let plain = RecordingReaderTests.header + "\n0,0,0,9.8,0,0,0\n"
        #expect(try !RecordingReader(bytes: Array(plain.utf8), source: "p.csv").hasPressure)
    }

    @Test(arguments: [
        // A temperature alone is no barometer sample.
        ("1,,,,,,,,20", "column 'accel_x' is not a number: ''"),
        // A pressure that is not a number.
        ("1,,,,,,,high,20", "column 'pressure' is not a number: 'high'"),
        // Some IMU fields empty beside a pressure: a broken sample.
        ("1,0,0,9.8,,0,0,101.3,", "column 'anglvel_x' is not a number: ''"),
    ])
    func malformedBarometerRowsAreErrors(row: String, message: String) {
        let text = Self.header + "\n0,0,0,9.8,0,0,0,101.3,20\n" + row + "\n"
        let error = RecordingReaderTests.error(text)
        #expect(error?.line == 3)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }
}
