// fusion-bench: the bench's way into the Swift attitude filter and smoother with settings other than the defaults,
// for the cross-validation of `bench/broad --cv` (a release build of Fusion alone).
//
//   fusion-bench IN OUT online|offline 6|9 [NAME=VALUE]...
//       IN: little-endian float64 rows of t, accel x y z (m/s²), gyroscope x y z (rad/s), magnetometer x y z (µT);
//       OUT: the attitude quaternion w x y z per input row, float64. The filter (`online`, as `bodyreadings fuse`)
//       or the smoother (`offline`, as `fuse --offline`) starts from the default settings and takes each NAME=VALUE
//       (names below); with 6 the magnetometer is left out (`--no-magnetometer`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchSupport
import Fusion
import MotionMath

/// One degree in radians.
let degree = Double.pi / 180

/// Sets `name` to `value` in the smoother's settings (its `filter` holds the online filter's); false for an unknown
/// name. Angular rates are given in °/s.
func set(_ name: String, _ value: Double, in s: inout AttitudeSmoother.Settings) -> Bool {
    switch name {
    case "biasMotionSigma": s.filter.biasMotionSigma = value * degree
    case "magnetometerTimeConstant": s.filter.magnetometerTimeConstant = value
    case "accelerometerTimeConstant": s.filter.accelerometerTimeConstant = value
    case "magneticNormThreshold": s.filter.magneticNormThreshold = value
    case "magneticRestReference": s.filter.magneticRestReference = value != 0
    case "scaleEstimation": s.filter.scaleEstimation = value != 0
    case "scaleInitialSigma": s.filter.scaleInitialSigma = value
    case "biasForgettingTime": s.filter.biasForgettingTime = value
    case "smoother.biasMotionSigmaWithoutMagnetometer":
        s.biasMotionSigmaWithoutMagnetometer = value > 0 ? value * degree : nil
    case "smoother.accelerometerTimeConstant": s.accelerometerTimeConstant = value
    case "smoother.magnetometerTimeConstant": s.magnetometerTimeConstant = value
    default: return false
    }
    return true
}

/// The rows of `path` (10 float64 each).
func readRows(_ path: String) -> [Double] {
    guard let file = fopen(path, "rb") else { fail("cannot open \(path); pass the float64 rows bench/broad.py writes") }
    defer { fclose(file) }
    var values: [Double] = []
    var chunk = [Double](repeating: 0, count: 10 * 4096)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 8, $0.count / 8, file) }
        values.append(contentsOf: chunk[0..<n])
        if n < chunk.count { break }
    }
    guard values.count % 10 == 0 else { fail("\(path) does not hold whole rows of 10 float64 values") }
    return values
}

let arguments = CommandLine.arguments
guard arguments.count >= 5, ["online", "offline"].contains(arguments[3]), ["6", "9"].contains(arguments[4]) else {
    fail("usage: fusion-bench IN OUT online|offline 6|9 [NAME=VALUE]...")
}
var settings = AttitudeSmoother.Settings()
for pair in arguments.dropFirst(5) {
    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let value = Double(parts[1]), set(parts[0], value, in: &settings) else {
        fail("unknown setting or value '\(pair)'; pass NAME=VALUE with a name listed in bench/FusionBench/main.swift")
    }
}
let values = readRows(arguments[1])
let withMagnetometer = arguments[4] == "9"
var samples: [IMUSample] = []
samples.reserveCapacity(values.count / 10)
for i in stride(from: 0, to: values.count, by: 10) {
    samples.append(IMUSample(
        t: values[i], accelerometer: Vector3(values[i + 1], values[i + 2], values[i + 3]),
        gyroscope: Vector3(values[i + 4], values[i + 5], values[i + 6]),
        magnetometer: withMagnetometer ? Vector3(values[i + 7], values[i + 8], values[i + 9]) : nil))
}
var attitudes: [Quaternion] = []
attitudes.reserveCapacity(samples.count)
if arguments[3] == "online" {
    var filter = AttitudeFilter(settings: settings.filter)
    for sample in samples { attitudes.append(filter.update(sample).attitude) }
} else {
    attitudes = AttitudeSmoother.smooth(samples, settings: settings).map(\.attitude)
}
var out: [Double] = []
out.reserveCapacity(4 * attitudes.count)
for q in attitudes { out.append(contentsOf: [q.w, q.x, q.y, q.z]) }
guard let file = fopen(arguments[2], "wb") else { fail("cannot write \(arguments[2]); pass a writable path") }
let written = out.withUnsafeBytes { fwrite($0.baseAddress, 8, out.count, file) }
guard written == out.count, fclose(file) == 0 else { fail("could not write all of \(arguments[2]); check the disk") }
