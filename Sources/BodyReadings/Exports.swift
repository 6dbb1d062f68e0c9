// The names of the layers below that the public API of BodyReadings is spelled in, re-exported one by one so that
// `import BodyReadings` is all a client of `MotionManager` or `Pipeline` needs. Everything else of those layers is
// imported by name where it is used.
@_exported import struct Calibration.CalibrationFile
@_exported import enum Calibration.CalibrationFileError
@_exported import struct Calibration.CalibrationStore
@_exported import struct Fusion.AttitudeFilter
@_exported import struct Fusion.MotionEstimate
@_exported import struct MotionMath.IMUSample
@_exported import struct MotionMath.Quaternion
@_exported import struct MotionMath.Vector3
@_exported import enum Pedometry.Activity
@_exported import struct Pedometry.Step
@_exported import struct Pedometry.StepDetector
@_exported import struct Pulse.Beat
@_exported import struct Pulse.BeatDetector
@_exported import enum Pulse.BeatQuality
@_exported import struct Pulse.PPGSample
@_exported import class ReadingFormats.PPGRecordingReader
@_exported import struct ReadingFormats.RecordingError
@_exported import class ReadingFormats.RecordingReader
@_exported import struct ReadingFormats.ServiceAvailability
@_exported import enum ReadingFormats.ServiceEvent
@_exported import struct ReadingFormats.ServiceHistoryQuery
@_exported import enum ReadingFormats.ServiceReading
@_exported import struct ReadingFormats.ServiceRequest
@_exported import struct Sensors.CaptureConfiguration
@_exported import struct Sensors.CaptureError
@_exported import enum Sensors.CaptureNote
@_exported import struct Sensors.CaptureStatistics
@_exported import protocol Sensors.MotionSource
@_exported import struct Sensors.MotionSourceInfo
@_exported import enum Sensors.PPGLight
@_exported import struct Sensors.SampleMerger
@_exported import struct Sensors.SensorReading
