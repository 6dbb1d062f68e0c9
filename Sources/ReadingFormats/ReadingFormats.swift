// The file contracts of docs/formats.md in one place: the recording format (`RecordingReader`, `RecordingWriter`,
// `RecordingColumns`, `RecordingError`) that `record` writes and `fuse` and `replay:` read, the fused output
// (`MotionOutputWriter` in `MotionOutputFormat` and `MotionOutputUnits`) that `stream` and `fuse` write, and the
// heart-rate and steps files: PPG recordings (`PPGRecordingReader`, `PPGColumns`) and accelerometer recordings
// (`AccelerometerRecordingReader`), both scanned by column name (`ColumnReader`), and the event outputs that
// `heart-rate` and `steps` write (`EventOutputWriter` of `Beat` and `Step` rows, `HeartRateSummary`,
// `StepsSummary`).
