// pulse-bench: the bench's way into the Swift heart-rate code, a release build of Pulse alone instead of
// the whole CLI.
//
//   pulse-bench detect < RECORDING.csv      beats of a recording (header with t and ppg, ppg_ir or ppg_red) as CSV
//                                           t,heart_rate,rr_interval,quality — on a `ppg` recording byte for byte
//                                           what `bodyreadings heart-rate FILE` writes
//   pulse-bench simulate [--heart-rate BPM] [--rate HZ] [--duration S] [--seed N] [--jitter F] [--artefacts PER_S]
//                        [--finger-off FROM:TO] [--saturation FROM:TO] [--truth FILE]
//                                           a PulseSimulation recording as CSV t,ppg,condition; the true beat onsets
//                                           (one time per line) to FILE
//   pulse-bench throughput [SECONDS] < RECORDING.csv
//                                           the detector alone over the recording, repeated (times shifted) for
//                                           about SECONDS of CPU time (default 3): samples per CPU second of this
//                                           thread, best of three rounds
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchSupport
import Pulse
import PulseSimulation

/// (t, value) of the recording on standard input; empty or unparsable values become NaN (the detector's artefact).
func readRecording() -> [(Double, Double)] {
    guard let headerLine = readLine() else { fail("empty input; pipe a CSV recording with a t and a ppg column") }
    let header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
    guard let t = header.firstIndex(of: "t"),
        let p = ["ppg", "ppg_ir", "ppg_red"].lazy.compactMap({ header.firstIndex(of: $0) }).first
    else { fail("the header has no t or no ppg/ppg_ir/ppg_red column") }
    var samples: [(Double, Double)] = []
    while let line = readLine() {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count > max(t, p), let time = Double(fields[t].trimmingSpaces()) else { continue }
        samples.append((time, Double(fields[p].trimmingSpaces()) ?? .nan))
    }
    return samples
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
    }
}

func format(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }

func detect() {
    var detector = BeatDetector()
    var out = "t,heart_rate,rr_interval,quality\n"
    for (t, x) in readRecording() {
        if let beat = detector.update(time: t, value: x) {
            out += "\(beat.t),\(format(beat.heartRate)),\(format(beat.rrInterval)),\(beat.quality.rawValue)\n"
        }
    }
    print(out, terminator: "")
}

func throughput(seconds: Double) {
    let samples = readRecording()
    guard let first = samples.first, let last = samples.last, samples.count > 100 else { fail("recording too short") }
    let span = last.0 - first.0 + (last.0 - first.0) / Double(samples.count - 1)
    var beats = 0
    let best = bestRate(seconds: seconds, samplesPerPass: samples.count, span: span) {
        var kept = BeatDetector()
        return { offset in
            // A local detector: mutating one captured by the closure would go through its box on every sample.
            var detector = kept
            kept = BeatDetector()
            var found = 0
            for (t, x) in samples where detector.update(time: t + offset, value: x) != nil { found += 1 }
            beats += found
            kept = detector
        }
    }
    print("samples_per_cpu_second=\(Int(best)) beats=\(beats)")
}

func simulate(_ options: ArraySlice<String>) {
    var settings = PulseSimulator.Settings()
    var duration = 120.0
    var seed: UInt64 = 1
    var truthPath: String?
    var rest = options
    func number(_ name: String) -> Double {
        guard let text = rest.popFirst(), let value = Double(text) else { fail("\(name) needs a number") }
        return value
    }
    func segment(_ name: String, _ condition: SignalCondition) -> PulseSimulator.Segment {
        let parts = (rest.popFirst() ?? "").split(separator: ":").compactMap { Double($0) }
        guard parts.count == 2 else { fail("\(name) needs FROM:TO in seconds") }
        return PulseSimulator.Segment(start: parts[0], end: parts[1], condition: condition)
    }
    while let option = rest.popFirst() {
        switch option {
        case "--heart-rate": settings.heartRate = number(option)
        case "--rate": settings.sampleRate = number(option)
        case "--duration": duration = number(option)
        case "--seed": seed = UInt64(number(option))
        case "--jitter": settings.timestampJitter = number(option)
        case "--artefacts": settings.motionArtefactRate = number(option)
        case "--finger-off": settings.segments.append(segment(option, .fingerOff))
        case "--saturation": settings.segments.append(segment(option, .saturated))
        case "--truth": truthPath = rest.popFirst()
        default: fail("unknown option \(option)")
        }
    }
    var simulator = PulseSimulator(settings: settings, seed: seed)
    var out = "t,ppg,condition\n"
    var truth = ""
    while true {
        let sample = simulator.next()
        guard sample.t < duration else { break }
        out += "\(sample.t),\(sample.value),\(sample.condition.rawValue)\n"
        if let beat = sample.beat { truth += "\(beat)\n" }
    }
    print(out, terminator: "")
    if let truthPath {
        guard let file = fopen(truthPath, "w") else { fail("cannot write \(truthPath)") }
        fputs(truth, file)
        fclose(file)
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "detect": detect()
case "simulate": simulate(arguments.dropFirst())
case "throughput": throughput(seconds: arguments.dropFirst().first.flatMap(Double.init) ?? 3)
default: fail("usage: pulse-bench detect|simulate|throughput (see the comment at the top of main.swift)")
}
