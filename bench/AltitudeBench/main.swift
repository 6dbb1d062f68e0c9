// altitude-bench: the altimeter and the flights counter (Barometry) on simulated days in a building
// (MotionSimulation's BuildingWalk and SimulatedBarometer, a BMP280), scored against the simulation's truth.
//
//   altitude-bench [DAYS] [FIRST_SEED]   DAYS simulated days (default 100) from FIRST_SEED (default 100000; the
//                                        tests use seeds below 100):
//     flights   each day as drawn (stairs, lifts, doors, weather): days with floors ascended and descended both
//               exactly right, the worst error of either;
//     no-stairs the same days with every stair climb made a lift ride: flights counted (should be 0);
//     walking   10 minutes of walking (level and stairs, no lifts) per seed: the altitude's RMS error, mean and worst;
//     throughput the altimeter and the counter over one day's samples, samples per CPU second (best of three).
//   altitude-bench --recording SECONDS RATE   a barometer's recording (t,pressure,temperature) of the simulated BMP280
//                                        at RATE Hz carried through the demo building over and over, SECONDS long:
//                                        what `bench/altitude --cost` pipes to `bodyreadings altitude -`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Barometry
import BenchSupport
import BuildingRun
import MotionMath
import MotionSimulation

/// `activities` with every stair climb made a lift ride.
func withoutStairs(_ activities: [BuildingActivity]) -> [BuildingActivity] {
    activities.map {
        if case .stairs(let floors, _, _) = $0 { return .lift(floors: floors) }
        return $0
    }
}

/// Ten minutes of walking from `seed`: level walks and stairs of one to three floors, no standing.
func tenMinutesOfWalking(seed: UInt64) -> [BuildingActivity] {
    var random = SeededGenerator(seed: seed)
    var day: [BuildingActivity] = []
    var floor = 0
    let walk = BuildingWalk.Settings()
    var seconds = 0.0
    while seconds < 600 {
        let level = 5 + 40 * random.nextUniform()
        day.append(.walk(level))
        let floors = (floor > 0 && random.nextUniform() < 0.5 ? -1 : 1) * (1 + Int(3 * random.nextUniform()))
        let target = max(0, floor + floors)
        if target != floor { day.append(.stairs(floors: target - floor)) }
        seconds += level + Double(abs(target - floor) * (walk.risersPerFloor + 2 * walk.landingSteps)) / 1.6
        floor = target
    }
    return day
}

let arguments = CommandLine.arguments.dropFirst()
func number<T: FixedWidthInteger>(_ text: String?, _ name: String, default value: T) -> T {
    guard let text else { return value }
    guard let number = T(text) else { fail("\(name) must be a whole number, not \(text)") }
    return number
}
if arguments.first == "--recording" {
    let values = arguments.dropFirst().map { Double($0) }
    guard values.count == 2, let seconds = values[0], let rate = values[1], seconds > 0, rate > 0 else {
        fail("--recording needs SECONDS and RATE (Hz), both positive numbers")
    }
    var settings = SimulatedBarometer.Settings()
    settings.sampleRate = rate
    var sensor = SimulatedBarometer(
        walk: BuildingWalk(activities: BuildingWalk.demo), settings: settings, seed: 1, repeating: true)
    var text = "t,pressure,temperature\n"
    while let sample = sensor.next(), sample.t <= seconds {
        text += "\(sample.t),\(sample.pressure),\(sample.temperature)\n"
    }
    print(text, terminator: "")
    exit(0)
}
let days: Int = number(arguments.first, "DAYS", default: 100)
let firstSeed: UInt64 = number(arguments.dropFirst().first, "FIRST_SEED", default: 100_000)

var exact = 0
var worst = 0
var trueFlights = 0
var withoutStairsFlights = 0
var simulated = 0.0
for day in 0..<days {
    let seed = firstSeed + UInt64(day)
    let activities = BuildingWalk.randomDay(seed: seed)
    let walk = BuildingWalk(activities: activities)
    simulated += walk.duration
    let counted = BuildingRun(walk: walk, seed: seed).counter
    let errors = (
        abs(counted.floorsAscended - walk.floorsAscended), abs(counted.floorsDescended - walk.floorsDescended)
    )
    if errors == (0, 0) { exact += 1 }
    worst = max(worst, errors.0, errors.1)
    trueFlights += walk.floorsAscended + walk.floorsDescended
    if errors != (0, 0) {
        print(
            "  day \(seed): ascended \(counted.floorsAscended) of \(walk.floorsAscended), "
                + "descended \(counted.floorsDescended) of \(walk.floorsDescended)")
    }
    let lifts = BuildingRun(withoutStairs(activities), seed: seed).counter
    withoutStairsFlights += lifts.floorsAscended + lifts.floorsDescended
}
print(
    "flights: \(exact) of \(days) days exactly right (\(100 * exact / max(1, days)) %), worst error \(worst) "
        + "floor(s); \(trueFlights) true flights in \(Int(simulated / 3600)) h simulated")
print("no-stairs: \(withoutStairsFlights) flights counted from lifts, doors and weather")

var rmsSum = 0.0
var rmsWorst = 0.0
var rmsWithin = 0
for day in 0..<days {
    let walk = BuildingWalk(activities: tenMinutesOfWalking(seed: firstSeed + UInt64(day)))
    let rms = BuildingRun(walk: walk, seed: firstSeed + UInt64(day)).rmsError
    rmsSum += rms
    rmsWorst = max(rmsWorst, rms)
    if rms <= 0.5 { rmsWithin += 1 }
}
print(
    "walking: altitude RMS error over 10 min, mean \(rmsSum / Double(max(1, days))) m, worst \(rmsWorst) m; "
        + "\(rmsWithin) of \(days) within 0.5 m")

var sensor = SimulatedBarometer(
    walk: BuildingWalk(activities: BuildingWalk.randomDay(seed: firstSeed)), seed: firstSeed)
let samples = sensor.all()
let span = (samples.last?.t ?? 0) + 1
let rate = bestRate(seconds: 3, samplesPerPass: samples.count, span: span) {
    var altimeter = Altimeter()
    var counter = FlightCounter()
    return { offset in
        for (i, sample) in samples.enumerated() {
            let t = sample.t + offset
            if let reading = altimeter.update(time: t, pressure: sample.pressure, temperature: sample.temperature) {
                counter.addAltitude(time: t, altitude: reading.relativeAltitude)
            }
            if i % 14 == 0 { counter.addStep(time: t) }
        }
    }
}
print("throughput: \(Int(rate)) samples per CPU second (altimeter and counter, a step every 14 samples)")
