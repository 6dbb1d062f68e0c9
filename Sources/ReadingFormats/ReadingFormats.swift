// The file contracts of DESIGN.md in one place: the recording format (`RecordingReader`, `RecordingWriter`,
// `RecordingColumns`, `RecordingError`) that `record` writes and `fuse` and `replay:` read, and the fused output
// (`MotionOutputWriter` in `MotionOutputFormat` and `MotionOutputUnits`) that `stream` and `fuse` write; later the
// steps and heart-rate CSV and JSON lines.
