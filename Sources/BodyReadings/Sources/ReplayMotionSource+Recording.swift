import MotionMath
import ReadingFormats
import Sensors

extension ReplayMotionSource {
    /// Replays the recording at `path` (read as it goes, in constant memory), its PPG and barometer columns too when it
    /// has them.
    ///
    /// - Throws: `CaptureError` `.io` when the file cannot be opened, `.malformedInput` for a bad header; bad rows
    ///   surface from `read()` with their line number, and so do PPG samples faster than a pulse sensor gives
    ///   (`PPGRateCheck`).
    public convenience init(path: String, pacing: MotionSourceSpecification.Pacing) throws(CaptureError) {
        let reader: RecordingReader
        do {
            reader = try RecordingReader(path: path)
        } catch {
            throw CaptureError(error)
        }
        var rateCheck = PPGRateCheck()
        self.init(
            name: path, hasMagnetometer: reader.hasMagnetometer, hasPPG: reader.hasPPG,
            hasBarometer: reader.hasPressure, pacing: pacing
        ) {
            () throws(CaptureError) -> RecordingRow? in
            do throws(RecordingError) {
                let row = try reader.nextRow()
                if let row, row.ppg != nil, let refusal = rateCheck.add(row.t) {
                    throw RecordingError(source: path, reason: refusal, contents: .pulse)
                }
                return row
            } catch {
                throw CaptureError(error)
            }
        }
    }
}

extension CaptureError {
    /// Wraps a recording's failure: malformed data (exit 65) or a file that cannot be read (exit 74).
    public init(_ error: RecordingError) {
        self.init(error.isMalformedInput ? .malformedInput : .io, error.description)
    }
}
