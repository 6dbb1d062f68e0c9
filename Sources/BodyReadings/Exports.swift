// The vocabulary of the public API comes from the layers below: math and estimates (Fusion), sensor descriptions and
// samples (Sensors), calibration records (Calibration). Re-exported so that `import BodyReadings` is all a client needs.
@_exported import Calibration
@_exported import Fusion
@_exported import Sensors
