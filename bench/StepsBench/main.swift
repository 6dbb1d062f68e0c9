// steps-bench: the bench's way into the Swift step detector, a release build of Pedometry alone.
//
//   steps-bench count FILE...        one line per recording: FILE,STEPS (recordings with a header holding t,
//                                    accel_x, accel_y, accel_z; other columns ignored)
//   steps-bench steps FILE           the steps of one recording as CSV t,steps,cadence,activity (the contract of
//                                    `steps`; cadence in steps/min)
//   steps-bench events FILE...       every StepEvent of each recording (updateWithTentativeSteps): one line
//                                    FILE,KIND,VALUE,AT per event, KIND c (counted) / t (tentative) with VALUE the
//                                    step's time, or w (withdrawn) with VALUE how many; AT the time of the sample
//                                    that revealed it, s
//   steps-bench grid POINTS FILE...  the count of every recording under every point of a settings grid, each recording
//                                    read once: POINTS is `;`-separated points of `,`-separated NAME=VALUE (names of
//                                    StepDetector.Settings, see tunableSetting); first one line defaults,NAME=VALUE,...
//                                    with the shipped value of every name used, then one line POINT,FILE,STEPS per
//                                    point (its index in POINTS) and recording
//   steps-bench throughput [SECONDS] [FILE|RATE]
//                                    the detector alone over the recording (or a walk generated at RATE Hz, default
//                                    100), repeated
//                                    with shifted times for about SECONDS of CPU time (default 3): input samples per
//                                    CPU second of this thread, best of three rounds
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchSupport
import MotionMath
import Pedometry

/// Reads standard input or a file line by line without Foundation.
func lines(of path: String) -> [String] {
    guard let file = fopen(path, "r") else { fail("cannot open \(path); pass a readable CSV recording") }
    defer { fclose(file) }
    var result: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&buffer, &capacity, file) > 0 {
        if let buffer { result.append(String(cString: buffer)) }
    }
    free(buffer)
    return result
}

/// (t, acceleration) of a recording whose header names t, accel_x, accel_y and accel_z.
func readRecording(_ path: String) -> [(Double, Vector3)] {
    let all = lines(of: path)
    guard let headerLine = all.first else { fail("\(path) is empty; pass a CSV recording") }
    let header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
    let names = ["t", "accel_x", "accel_y", "accel_z"]
    let columns = names.compactMap { header.firstIndex(of: $0) }
    guard columns.count == 4 else { fail("\(path): the header needs t, accel_x, accel_y and accel_z") }
    var samples: [(Double, Vector3)] = []
    samples.reserveCapacity(all.count)
    for line in all.dropFirst() {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count > columns.max() ?? 0 else { continue }
        let v = columns.map { Double(trimmed(fields[$0])) }
        guard let t = v[0], let x = v[1], let y = v[2], let z = v[3] else { continue }
        samples.append((t, Vector3(x, y, z)))
    }
    return samples
}

func trimmed(_ s: Substring) -> String {
    String(s.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\r" }.reversed())
}

func count(_ paths: [String]) {
    for path in paths {
        var detector = StepDetector()
        for (t, a) in readRecording(path) { detector.update(time: t, acceleration: a) { _ in } }
        print("\(path),\(detector.state.steps)")
    }
}

func steps(_ path: String) {
    var detector = StepDetector()
    var out = "t,steps,cadence,activity\n"
    for (t, a) in readRecording(path) {
        detector.update(time: t, acceleration: a) { step in
            out += "\(step.t),\(step.count),\(step.cadence),\(step.activity.rawValue)\n"
        }
    }
    print(out, terminator: "")
}

func events(_ paths: [String]) {
    for path in paths {
        var detector = StepDetector()
        var out = ""
        for (t, a) in readRecording(path) {
            detector.updateWithTentativeSteps(time: t, acceleration: a) { event in
                switch event {
                case .counted(let step): out += "\(path),c,\(step.t),\(t)\n"
                case .tentative(let step): out += "\(path),t,\(step.t),\(t)\n"
                case .withdrawn(let k): out += "\(path),w,\(k),\(t)\n"
                }
            }
        }
        print(out, terminator: "")
    }
}

/// The settings a cross-validation grid may vary, by their names in `StepDetector.Settings`.
func tunableSetting(_ name: String) -> WritableKeyPath<StepDetector.Settings, Double>? {
    switch name {
    case "walkingPeriodicity": \.walkingPeriodicity
    case "periodicityTimeConstant": \.periodicityTimeConstant
    case "lockInWindow": \.lockInWindow
    case "stepAmplitudeFraction": \.stepAmplitudeFraction
    case "stopEnergyFraction": \.stopEnergyFraction
    case "minimumWalkingRMS": \.minimumWalkingRMS
    default: nil
    }
}

/// The settings of each point of `spec` (`;`-separated points of `,`-separated NAME=VALUE) and the names used.
func gridPoints(_ spec: String) -> (points: [StepDetector.Settings], names: [String]) {
    var names: [String] = []
    let points = spec.split(separator: ";", omittingEmptySubsequences: false).map { point in
        var settings = StepDetector.Settings()
        for assignment in point.split(separator: ",") {
            let parts = assignment.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let path = tunableSetting(String(parts[0])), let value = Double(parts[1]) else {
                fail("grid point '\(point)': write NAME=VALUE with NAME walkingPeriodicity, periodicityTimeConstant, "
                    + "lockInWindow, stepAmplitudeFraction, stopEnergyFraction or minimumWalkingRMS")
            }
            settings[keyPath: path] = value
            if !names.contains(String(parts[0])) { names.append(String(parts[0])) }
        }
        return settings
    }
    return (points, names)
}

func grid(_ spec: String, _ paths: [String]) {
    let (points, names) = gridPoints(spec)
    let shipped = StepDetector.Settings()
    print((["defaults"] + names.compactMap { name in tunableSetting(name).map { "\(name)=\(shipped[keyPath: $0])" } })
        .joined(separator: ","))
    for path in paths {
        let samples = readRecording(path)
        var out = ""
        for (index, settings) in points.enumerated() {
            var detector = StepDetector(settings: settings)
            for (t, a) in samples { detector.update(time: t, acceleration: a) { _ in } }
            out += "\(index),\(path),\(detector.state.steps)\n"
        }
        print(out, terminator: "")
    }
}

/// A walk at 1.8 steps/s sampled at `rate` Hz (heel-strike pulses on gravity, a little noise) for the throughput test.
func generatedWalk(seconds: Double, rate: Double) -> [(Double, Vector3)] {
    var generator = SplitMix64(seed: 1)
    var samples: [(Double, Vector3)] = []
    for i in 0..<Int(seconds * rate) {
        let t = Double(i) / rate
        let phase = (t * 1.8).truncatingRemainder(dividingBy: 1)
        let impact = 6 * Elementary.exp(-phase * phase * 200) + 2 * Elementary.sin(2 * Double.pi * 1.8 * t)
        let noise = Double(generator.next() % 1000) / 5000 - 0.1
        samples.append((t, Vector3(0.5, 1.0, 9.7 + impact + noise)))
    }
    return samples
}

func throughput(seconds: Double, path: String?) {
    let samples = path.map { Double($0).map { generatedWalk(seconds: 600, rate: $0) } ?? readRecording($0) }
        ?? generatedWalk(seconds: 600, rate: 100)
    guard let first = samples.first, let last = samples.last, samples.count > 100 else { fail("recording too short") }
    let span = last.0 - first.0 + (last.0 - first.0) / Double(samples.count - 1)
    var total = 0
    let best = bestRate(seconds: seconds, samplesPerPass: samples.count, span: span) {
        var kept = StepDetector()
        return { offset in
            // A local detector: mutating one captured by the closure would go through its box on every sample.
            var detector = kept
            kept = StepDetector()
            var steps = 0
            for (t, a) in samples { detector.update(time: t + offset, acceleration: a) { _ in steps += 1 } }
            total += steps
            kept = detector
        }
    }
    print("samples_per_cpu_second=\(Int(best)) input_rate_hz=\(Int((Double(samples.count - 1) / (last.0 - first.0)).rounded())) steps=\(total)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "count": count(Array(arguments.dropFirst()))
case "events": events(Array(arguments.dropFirst()))
case "grid":
    guard arguments.count >= 3 else { fail("usage: steps-bench grid POINTS FILE...") }
    grid(arguments[1], Array(arguments.dropFirst(2)))
case "steps":
    guard arguments.count == 2 else { fail("usage: steps-bench steps FILE") }
    steps(arguments[1])
case "throughput":
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 3 : 3
    throughput(seconds: seconds, path: arguments.count > 2 ? arguments[2] : nil)
default:
    fail("usage: steps-bench count FILE... | events FILE... | grid POINTS FILE... | steps FILE | "
        + "throughput [SECONDS] [FILE|RATE]")
}
