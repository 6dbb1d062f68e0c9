import MotionMath
import Testing
@testable import ReadingFormats

/// Recordings with a pulse sensor: the PPG columns after the IMU's, PPG rows with empty IMU fields, IMU rows with
/// empty PPG fields; `next()` yields only the IMU samples, `nextRow()` every row; `PPGRecordingReader` reads the
/// pulse of the same file.
@Suite struct RecordingPPGTests {
    static let imu = RecordingReaderTests.samples(count: 400, magnetometer: true)

    /// IMU samples every 10 ms, PPG readings every 4 ms from 2 ms on: every fifth PPG reading shares an IMU instant.
    static func rows() -> [RecordingRow] {
        var rows: [RecordingRow] = []
        var sample = 0
        var reading = 0
        let origin = imu[0].t
        while sample < imu.count {
            let pulseTime = origin + 0.002 + Double(reading) * 0.004
            let motionTime = imu[sample].t
            let ppg = Vector3(1000 + Double(reading), 2000 - Double(reading), .nan)
            if abs(pulseTime - motionTime) < 1e-12 {
                rows.append(RecordingRow(t: motionTime, motion: imu[sample], ppg: ppg))
                sample += 1
                reading += 1
            } else if pulseTime < motionTime {
                rows.append(RecordingRow(t: pulseTime, ppg: ppg))
                reading += 1
            } else {
                rows.append(RecordingRow(t: motionTime, motion: imu[sample]))
                sample += 1
            }
        }
        return rows
    }

    static func written(_ rows: [RecordingRow]) throws -> String {
        var bytes: [UInt8] = []
        let writer = RecordingWriter(includesMagnetometer: true, includesPPG: true) { bytes += $0 }
        for row in rows { try writer.write(row) }
        try writer.flush()
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func rowsReadBackBitForBitAndMotionSkipsThePulseRows() throws {
        let rows = Self.rows()
        #expect(rows.contains { $0.motion != nil && $0.ppg != nil }, "some rows carry both")
        let text = try Self.written(rows)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z,magn_x,magn_y,magn_z,"
            + "ppg_red,ppg_ir,ppg_green")
        // A PPG-only row: nine empty IMU fields, green (NaN) empty.
        let pulseOnly = try #require(lines.first { $0.contains(",,,,,,,,,,") })
        #expect(pulseOnly.hasSuffix(","))
        let reader = try RecordingReader(bytes: Array(text.utf8), source: "ppg.csv")
        #expect(reader.hasPPG)
        var read: [RecordingRow] = []
        while let row = try reader.nextRow() { read.append(row) }
        #expect(read.count == rows.count)
        for (got, want) in zip(read, rows) {
            #expect(got.t == want.t)
            #expect(got.motion == want.motion)
            #expect(got.ppg?.x == want.ppg?.x && got.ppg?.y == want.ppg?.y)
            #expect((got.ppg?.z.isNaN ?? true) && (got.ppg == nil) == (want.ppg == nil))
        }
        #expect(try RecordingReaderTests.read(text) == Self.imu)
        // The pulse of the same file, as heart-rate reads it: infrared, negated, at the PPG rows' times.
        let pulse = try PPGRecordingReader(bytes: Array(text.utf8), source: "ppg.csv")
        #expect(pulse.column == "ppg_ir")
        var times: [Double] = []
        while let sample = try pulse.next() {
            times.append(sample.t)
            #expect(sample.value < 0)
        }
        #expect(times == rows.compactMap { $0.ppg == nil ? nil : $0.t })
    }

    @Test func aRecordingWithoutPulseColumnsHasNoPPGAndTheOldHeader() throws {
        var bytes: [UInt8] = []
        let writer = RecordingWriter(includesMagnetometer: false) { bytes += $0 }
        try writer.write(RecordingRow(t: 1, motion: IMUSample(t: 1, accelerometer: Vector3(0, 0, 9.8), gyroscope: .zero),
            ppg: Vector3(1, 2, 3)))
        try writer.flush()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == RecordingReaderTests.header + "\n1,0,0,9.8,0,0,0\n")
        // Rows with nothing to write are left out rather than written as lines no reader accepts.
        var rows: [UInt8] = []
        RecordingWriter.append(RecordingRow(t: 2, ppg: Vector3(1, 2, 3)), includesMagnetometer: false, to: &rows)
        RecordingWriter.append(
            RecordingRow(t: 3, ppg: Vector3(.nan, .nan, .nan)), includesMagnetometer: false, includesPPG: true,
            to: &rows)
        #expect(rows.isEmpty)
        #expect(try !RecordingReader(bytes: Array(text.utf8), source: "x").hasPPG)
    }

    @Test(arguments: [
        // Some IMU fields empty: not a PPG row, a broken sample.
        ("1,0,0,9.8,,0,0,5,6,", "column 'anglvel_x' is not a number: ''"),
        // Neither IMU nor PPG values.
        ("1,,,,,,,,,", "column 'accel_x' is not a number: ''"),
        // An empty t.
        (",,,,,,,5,6,", "column 't' is not a number: ''"),
    ])
    func emptyFieldsOutsideAPulseRowAreErrors(row: String, message: String) {
        let text = RecordingReaderTests.header + ",ppg_red,ppg_ir,ppg_green\n0,0,0,9.8,0,0,0,,,\n" + row + "\n"
        let error = RecordingReaderTests.error(text)
        #expect(error?.line == 3)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func pulseRowsStillNeedIncreasingTime() {
        let text = RecordingReaderTests.header + ",ppg_ir\n1,0,0,9.8,0,0,0,\n0.5,,,,,,,7\n"
        #expect(RecordingReaderTests.error(text)?.reason == .timeNotIncreasing(previous: 1, found: 0.5))
    }
}
