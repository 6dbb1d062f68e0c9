// fuzz-recording-reader: the recording CSV reader (`fuse FILE`, `--source replay:FILE`, `steps`, calibration from a
// recording). Any bytes give samples and then the end or one RecordingError (no trap, no hang); the samples read
// are written again by RecordingWriter and read back unchanged, bit for bit.
import FuzzSupport
import MotionMath
import ReadingFormats

func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
func same(_ a: Vector3, _ b: Vector3) -> Bool { same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z) }

FuzzDriver.run { bytes in
    var input = FuzzInput(bytes)
    let useMagnetometer = input.byte() & 1 == 0
    var samples: [IMUSample] = []
    let hasMagnetometer: Bool
    do {
        let reader = try RecordingReader(bytes: input.rest(), source: "fuzz.csv", useMagnetometer: useMagnetometer)
        hasMagnetometer = reader.hasMagnetometer
        while let sample = try reader.next() {
            check(sample.t.isFinite, "a sample with t = \(sample.t)")
            check(samples.last.map { $0.t < sample.t } ?? true, "t not increasing")
            samples.append(sample)
        }
    } catch let error as RecordingError {
        _ = error.description
        return
    } catch {
        fatalError("an error of another type: \(error)")
    }
    var text: [UInt8] = Array(RecordingColumns.header(includesMagnetometer: hasMagnetometer).utf8) + [0x0A]
    for sample in samples { RecordingWriter.append(sample, includesMagnetometer: hasMagnetometer, to: &text) }
    do {
        let again = try RecordingReader(bytes: text, source: "again.csv")
        for sample in samples {
            guard let back = try again.next() else { fatalError("a written sample did not come back") }
            check(
                same(back.t, sample.t) && same(back.accelerometer, sample.accelerometer)
                    && same(back.gyroscope, sample.gyroscope)
                    && (back.magnetometer == nil) == (sample.magnetometer == nil)
                    && (back.magnetometer.map { same($0, sample.magnetometer!) } ?? true),
                "sample changed on the way through the writer: \(sample) -> \(back)")
        }
        check(try again.next() == nil, "more samples came back than were written")
    } catch {
        fatalError("the writer's output does not read back: \(error)\n\(String(decoding: text, as: UTF8.self))")
    }
}
