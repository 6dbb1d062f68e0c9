import BodyReadings
import MotionMath
import Sensors
import Testing

/// The pulse sensor in recordings: `RecordingRowAssembler` (what `record` writes) and `ReplayMotionSource` (what
/// `replay:` delivers) over rows with PPG intensities.
@Suite("Recordings with PPG: assembler and replay")
struct RecordingPPGSourceTests {
    static func motion(_ t: Double) -> [SensorReading] {
        [
            SensorReading(kind: .accelerometer, t: t, value: Vector3(0, 0, 9.8)),
            SensorReading(kind: .gyroscope, t: t, value: Vector3(t, 0, 0)),
        ]
    }

    static func ppg(_ t: Double) -> SensorReading {
        SensorReading(kind: .ppg, t: t, value: Vector3(t, 2 * t, .nan))
    }

    @Test("batches of either sensor come out as rows in strictly increasing time, one row for a shared instant")
    func assemblerInterleaves() {
        var assembler = RecordingRowAssembler(includesPPG: true)
        var rows: [RecordingRow] = []
        // The IMU delivers 0…0.4 s, then the pulse sensor a batch of 0…0.5 s, then the IMU 0.5…0.9 s.
        for t in stride(from: 0.0, through: 0.4, by: 0.1) { for r in Self.motion(t) { assembler.push(r, into: &rows) } }
        #expect(rows.isEmpty, "IMU rows wait for the pulse sensor")
        for t in [0.05, 0.1, 0.25, 0.45, 0.5] { assembler.push(Self.ppg(t), into: &rows) }
        for t in stride(from: 0.5, through: 0.9, by: 0.1) { for r in Self.motion(t) { assembler.push(r, into: &rows) } }
        assembler.flush(into: &rows)
        let times = rows.map(\.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
        #expect(rows.filter { $0.motion != nil }.count == 10)
        #expect(rows.filter { $0.ppg != nil }.count == 5)
        let shared = rows.filter { $0.motion != nil && $0.ppg != nil }.map(\.t)
        #expect(shared == [0.1, 0.5])
        #expect(assembler.droppedReadings == 0)
    }

    @Test("without the pulse sensor's readings IMU rows wait at most maximumLag; a reading too late is dropped")
    func assemblerLagAndLateReadings() {
        var assembler = RecordingRowAssembler(includesPPG: true, maximumLag: 0.5)
        var rows: [RecordingRow] = []
        for t in stride(from: 0.0, through: 1.0, by: 0.1) { for r in Self.motion(t) { assembler.push(r, into: &rows) } }
        // Rows more than 0.5 s behind the newest reading went out: 0…0.4 s (0.5 is exactly 0.5 behind 1.0).
        #expect(rows.map(\.t).count == 5)
        #expect(rows.allSatisfy { $0.ppg == nil && $0.motion != nil })
        assembler.push(Self.ppg(0.2), into: &rows)
        #expect(assembler.droppedReadings == 1)
        assembler.push(Self.ppg(0.65), into: &rows)
        assembler.flush(into: &rows)
        #expect(rows.count == 12)
        #expect(rows.contains { $0.t == 0.65 && $0.ppg != nil && $0.motion == nil })
        // Without PPG the rows go out at once and PPG readings are ignored.
        var imuOnly = RecordingRowAssembler(includesPPG: false)
        var direct: [RecordingRow] = []
        for r in Self.motion(0) + [Self.ppg(0.05)] + Self.motion(0.1) { imuOnly.push(r, into: &direct) }
        #expect(direct.map(\.t) == [0, 0.1])
    }

    @Test("replay delivers .ppg readings from the PPG rows when asked, and says it has a pulse sensor")
    func replayOfPulseRows() throws {
        let rows = (0..<40).map { index -> RecordingRow in
            let t = Double(index) * 0.01
            let sample = IMUSample(t: t, accelerometer: Vector3(0, 0, 9.8), gyroscope: Vector3(t, 0, 0))
            return RecordingRow(
                t: t, motion: index % 2 == 0 ? sample : nil, ppg: index % 4 == 3 ? nil : Vector3(t, 1, .nan))
        }
        func readings(_ wanted: Set<SensorReading.Kind>) throws -> [SensorReading] {
            var index = 0
            let source = ReplayMotionSource(name: "rows", hasMagnetometer: false, hasPPG: true, pacing: .fast) {
                () throws(CaptureError) -> RecordingRow? in
                guard index < rows.count else { return nil }
                defer { index += 1 }
                return rows[index]
            }
            #expect(source.info.hasPPG)
            try source.start(CaptureConfiguration(updateInterval: 0.1, readings: wanted))
            defer { source.stop() }
            var all: [SensorReading] = []
            while let batch = try source.read() { all += batch }
            return all
        }
        let pulse = try readings([.ppg])
        #expect(pulse.allSatisfy { $0.kind == .ppg })
        #expect(pulse.map(\.t) == rows.compactMap { $0.ppg == nil ? nil : $0.t })
        let motion = try readings(SensorReading.Kind.motion)
        #expect(!motion.contains { $0.kind == .ppg })
        #expect(motion.filter { $0.kind == .gyroscope }.count == 20)
        #expect(try readings(SensorReading.Kind.motion.union([.ppg])).count == pulse.count + motion.count)
        #expect(!ReplayMotionSource(samples: [], pacing: .fast).info.hasPPG)
    }
}
