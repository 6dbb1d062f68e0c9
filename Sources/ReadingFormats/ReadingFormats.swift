// The file contracts of DESIGN.md in one place: the recording format (`RecordingReader`, `RecordingWriter`,
// `RecordingColumns`, `RecordingError`) that `record` writes and `fuse` and `replay:` read, the fused output
// (`MotionOutputWriter` in `MotionOutputFormat` and `MotionOutputUnits`) that `stream` and `fuse` write, and the
// heart-rate files: PPG recordings (`PPGRecordingReader`, `PPGColumns`) and the beats `heart-rate` writes
// (`HeartRateOutputWriter`, `HeartRateSummary`); later the steps output.
