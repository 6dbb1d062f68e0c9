// store-bench: fills a readings store with DAYS days of per-minute rows ending at the current minute, through the
// public ingest API (ReadingsRecorder), for `bench/store` to time `bodyreadings history` on.
//
//   store-bench fill FILE [DAYS]     every minute: a step count (a third of the minutes walking, 60–129 steps,
//                                    the rest 0), a heart-rate sample and a beat, a motion sample; DAYS default 365.
//                                    Deterministic (SplitMix64, seed 1); pruned as the service would at the end
//                                    (heart-rate samples and beats: the last week). Prints minutes and seconds.
//   store-bench query FILE PER [DAYS] `history steps --per PER` over the last DAYS days (default 365) in-process:
//                                    the query and its CSV, best of 20, CPU ms of this thread.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchSupport
import MotionMath
import Pedometry
import ReadingsStore
import SystemSupport
import TextFormats

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: store-bench fill FILE [DAYS] | store-bench query FILE PER [DAYS]") }
switch arguments[1] {
case "fill":
    fill(path: arguments[2], days: arguments.count > 3 ? Int(arguments[3]) ?? 0 : 365)
case "query" where arguments.count >= 4:
    query(path: arguments[2], per: arguments[3], days: arguments.count > 4 ? Int(arguments[4]) ?? 0 : 365)
default:
    fail("usage: store-bench fill FILE [DAYS] | store-bench query FILE PER [DAYS]")
}

func say(_ text: String) {
    _ = try? SystemCall.writeAll(2, Array((text + "\n").utf8))
}

func fill(path: String, days: Int) {
    guard days > 0 else { fail("DAYS must be a whole number above 0") }
    let started = MonotonicClock.now()
    do {
        let store = try ReadingsDatabase(path: path, access: .readWrite)
        let recorder = ReadingsRecorder(store: store, settings: ReadingsRecorder.Settings(flushInterval: 60))
        var random = SplitMix64(seed: 1)
        let end = (WallClock.now() / 60).rounded(.down) * 60
        let first = end - Double(days * 1440) * 60
        for day in 0..<days {
            for minute in 0..<1440 {
                let time = first + Double(day * 1440 + minute) * 60
                let walking = random.next() % 3 == 0
                recorder.recordSteps(walking ? 60 + Int(random.next() % 70) : 0, at: time)
                let heartRate = walking ? 95 + Double(random.next() % 30) : 55 + Double(random.next() % 20)
                recorder.recordHeartRate(heartRate, at: time + 1)
                recorder.recordBeat(at: time + 1, rrInterval: 0.8, quality: .good)
                recorder.recordMotion(
                    userAcceleration: walking ? 1.5 : 0.05, activity: walking ? .walking : .still, at: time + 2)
            }
            try recorder.flush()
        }
        try recorder.close()
        try store.prune(now: WallClock.now())
        try store.close()
    } catch {
        fail("\(error)")
    }
    say("store-bench: \(days * 1440) minutes in \(MonotonicClock.now() - started) s")
}

func query(path: String, per: String, days: Int) {
    guard let granularity = Granularity(rawValue: per), days > 0 else { fail("PER: minute, hour or day; DAYS > 0") }
    let now = WallClock.now()
    let query = HistoryQuery(
        reading: .steps, range: TimeRange(start: now - Double(days) * 86400, end: now), granularity: granularity)
    do {
        let store = try ReadingsDatabase(path: path)
        var best = Double.infinity
        var rows = 0
        for _ in 0..<20 {
            let start = threadCPUTime()
            let history = try store.history(query)
            let text = history.csv
            best = min(best, threadCPUTime() - start)
            rows = history.count
            precondition(!text.isEmpty)
        }
        let milliseconds = FixedDecimal.string(best * 1000, digits: 2)
        say("store-bench: \(rows) buckets per \(per) over \(days) days: \(milliseconds) ms CPU (best of 20)")
    } catch {
        fail("\(error)")
    }
}
