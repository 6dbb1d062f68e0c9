import Foundation
import MotionMath
import Testing
@testable import ReadingFormats

@Suite struct RecordingReaderTests {
    static let header = "t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y,anglvel_z"

    static func read(_ text: String, useMagnetometer: Bool = true) throws(RecordingError) -> [IMUSample] {
        let reader = try RecordingReader(bytes: Array(text.utf8), source: "test.csv", useMagnetometer: useMagnetometer)
        var samples: [IMUSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        return samples
    }

    static func error(_ text: String) -> RecordingError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    /// Deterministic samples with full-precision values, some with a magnetometer.
    static func samples(count: Int, magnetometer: Bool) -> [IMUSample] {
        var state: UInt64 = 7
        func value() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int64(bitPattern: state) >> 11) * 0x1p-49
        }
        return (0..<count).map { index in
            IMUSample(
                t: 1_700_000_000 + Double(index) * 0.0025 + 1e-7 * value().magnitude,
                accelerometer: Vector3(value(), value(), value()),
                gyroscope: Vector3(value() / 100, value() / 100, value() / 100),
                magnetometer: magnetometer ? Vector3(value() * 10, value() * 10, value() * 10) : nil)
        }
    }

    @Test(arguments: [true, false])
    func writerOutputReadsBackBitForBit(magnetometer: Bool) throws {
        let samples = Self.samples(count: 5000, magnetometer: magnetometer)
        var bytes: [UInt8] = []
        let writer = RecordingWriter(includesMagnetometer: magnetometer) { bytes += $0 }
        for sample in samples { try writer.write(sample) }
        try writer.flush()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(RecordingColumns.header(includesMagnetometer: magnetometer) + "\n"))
        #expect(try Self.read(text) == samples)
    }

    @Test func bigFileThroughTheFixedBufferAndTheFileAPIs() throws {
        // ≈ 6 MB: several buffer refills, lines cut at every buffer boundary.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let samples = Self.samples(count: 40_000, magnetometer: true)
        let writer = try RecordingWriter(path: path, includesMagnetometer: true)
        for sample in samples { try writer.write(sample) }
        try writer.close()
        let reader = try RecordingReader(path: path)
        var count = 0
        while let sample = try reader.next() {
            #expect(sample == samples[count])
            count += 1
        }
        #expect(count == samples.count)
        #expect(reader.lineNumber == samples.count + 1)
        #expect(reader.hasMagnetometer)
        // The same through a file descriptor, ignoring the magnetometer.
        let fd = open(path, O_RDONLY)
        let viaDescriptor = try RecordingReader(
            fileDescriptor: fd, source: path, closeWhenDone: true, useMagnetometer: false)
        #expect(!viaDescriptor.hasMagnetometer)
        #expect(try viaDescriptor.next()?.magnetometer == nil)
    }

    @Test func readsAPipeInWhateverPiecesItDelivers() throws {
        // A writer thread feeds 3 MB through a pipe in odd-sized pieces: lines arrive cut anywhere.
        let samples = Self.samples(count: 15_000, magnetometer: false)
        var bytes: [UInt8] = []
        let writer = RecordingWriter(includesMagnetometer: false) { bytes += $0 }
        for sample in samples { try writer.write(sample) }
        try writer.flush()
        var fds: [Int32] = [0, 0]
        // Close-on-exec: a child another test spawns meanwhile must not hold the write end (no end of file).
        #expect(pipe(&fds) == 0 && fds.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 })
        let text = bytes
        let writeEnd = fds[1]
        let feeder = Thread {
            var offset = 0
            var piece = 1
            while offset < text.count {
                let length = min(piece, text.count - offset)
                let written = text[offset..<(offset + length)].withUnsafeBytes {
                    write(writeEnd, $0.baseAddress, $0.count)
                }
                if written <= 0 { break }
                offset += written
                piece = piece * 7 % 65_521 + 1
            }
            close(writeEnd)
        }
        feeder.start()
        let reader = try RecordingReader(fileDescriptor: fds[0], source: "<pipe>", closeWhenDone: true)
        var read: [IMUSample] = []
        while let sample = try reader.next() { read.append(sample) }
        #expect(read == samples)
    }

    @Test func columnsByNameExtrasIgnoredAndLenientLayout() throws {
        let text = "\u{FEFF}anglvel_z, extra ,t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y\r\n"
            + "6,hello,0.5,1,2,3,4,5\r\n"
            + "\n"
            + " 12 ,,1.5, 7 ,8,9,10,11\n"
        let samples = try Self.read(text)
        #expect(samples == [
            IMUSample(t: 0.5, accelerometer: Vector3(1, 2, 3), gyroscope: Vector3(4, 5, 6)),
            IMUSample(t: 1.5, accelerometer: Vector3(7, 8, 9), gyroscope: Vector3(10, 11, 12)),
        ])
    }

    @Test func magnetometerOptionalAndIgnorable() throws {
        let text = Self.header + ",magn_x,magn_y,magn_z\n0,0,0,9.81,0,0,0,20,0,-40\n"
        #expect(try Self.read(text).first?.magnetometer == Vector3(20, 0, -40))
        #expect(try Self.read(text, useMagnetometer: false).first?.magnetometer == nil)
        #expect(try Self.read(Self.header + "\n0,0,0,9.81,0,0,0").first?.magnetometer == nil)
    }

    @Test func nonFiniteSensorValuesPassThrough() throws {
        let sample = try Self.read(Self.header + "\n0,nan,inf,-inf,0,0,0\n")[0]
        #expect(sample.accelerometer.x.isNaN)
        #expect(sample.accelerometer.y == .infinity)
    }

    @Test func errorsNameTheLineAndColumn() {
        func expect(_ text: String, line: Int?, _ reason: RecordingError.Reason, _ fragment: String) {
            let error = Self.error(text)
            #expect(error?.line == line)
            #expect(error?.reason == reason)
            #expect(error?.isMalformedInput == true)
            #expect(error?.description.contains(fragment) == true, "\(String(describing: error))")
        }
        expect("", line: nil, .empty, "test.csv: empty input")
        expect("\n  \n", line: nil, .empty, "empty input")
        expect("t,accel_x,accel_y,accel_z,anglvel_x,anglvel_y\n", line: 1, .missingColumn("anglvel_z"),
               "test.csv:1: missing column 'anglvel_z'")
        expect(Self.header + ",magn_x,magn_z\n", line: 1, .missingColumn("magn_y"), "missing column 'magn_y'")
        expect(Self.header + ",t\n", line: 1, .duplicateColumn("t"), "column 't' appears twice")
        expect(Self.header + "\n0,0,0,9.81,0,0,0\n1,0,x1,9.81,0,0,0\n", line: 3,
               .notANumber(column: "accel_y", text: "x1"), "test.csv:3: column 'accel_y' is not a number: 'x1'")
        expect(Self.header + "\n0,0,0,,0,0,0\n", line: 2, .notANumber(column: "accel_z", text: ""), "accel_z")
        expect(Self.header + "\n0,0,0,9.81,0,0\n", line: 2, .wrongFieldCount(expected: 7, found: 6),
               "test.csv:2: 6 fields but the header has 7")
        expect(Self.header + "\n0,0,0,9.81,0,0,0,1\n", line: 2, .wrongFieldCount(expected: 7, found: 8), "8 fields")
        expect(Self.header + "\n1,0,0,9.81,0,0,0\n\n1,0,0,9.81,0,0,0\n", line: 4,
               .timeNotIncreasing(previous: 1, found: 1), "test.csv:4: t = 1 does not increase (previous row: 1)")
        expect(Self.header + "\n2,0,0,9.81,0,0,0\n1.5,0,0,9.81,0,0,0\n", line: 3,
               .timeNotIncreasing(previous: 2, found: 1.5), "t must be strictly increasing")
        let nan = Self.error(Self.header + "\nnan,0,0,9.81,0,0,0\n")
        #expect(nan?.line == 2)
        #expect(nan?.description.contains("finite") == true)
    }

    @Test func lineLongerThanTheBufferIsAnError() {
        let long = String(repeating: "9", count: LineReader.capacity + 10)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = Self.header + "\n0,0,0," + long + ",0,0,0\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        #expect(throws: RecordingError(source: path, line: 2, reason: .lineTooLong(limit: LineReader.capacity))) {
            let reader = try RecordingReader(path: path)
            _ = try reader.next()
        }
    }

    @Test func unopenableFileIsAnIOError() {
        let missing = "/nonexistent/recording.csv"
        #expect(throws: RecordingError(source: missing, reason: .cannotOpen(errno: ENOENT))) {
            _ = try RecordingReader(path: missing)
        }
        let error = RecordingError(source: missing, reason: .cannotOpen(errno: ENOENT))
        #expect(!error.isMalformedInput)
        #expect(error.description == "cannot open '/nonexistent/recording.csv': No such file or directory; "
            + "check the path and its permissions")
    }
}
