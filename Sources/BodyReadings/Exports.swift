// The vocabulary of the public API comes from the layers below: vectors, quaternions and samples (MotionMath),
// estimates (Fusion), sensor descriptions and readings (Sensors), calibration records (Calibration). Re-exported so
// that `import BodyReadings` is all a client needs.
@_exported import Calibration
@_exported import Fusion
@_exported import MotionMath
@_exported import Sensors
