// A writer process for the readings store's crash test: records one step per simulated second (a minute every 60
// steps) into the store as fast as it can, printing `COUNT MONOTONIC-TIME` after each, until it is killed. The test
// kills it with SIGKILL and checks that what the store holds is everything up to one flush interval before the kill.
//
// Usage: bodyreadings-store-writer STORE FLUSH-INTERVAL
import ReadingsStore
import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
func complain(_ text: String) {
    _ = try? SystemCall.writeAll(2, Array((text + "\n").utf8))
}

guard arguments.count == 3, let interval = Double(arguments[2]) else {
    complain("usage: bodyreadings-store-writer STORE FLUSH-INTERVAL")
    exit(64)
}
let store: ReadingsDatabase
do {
    store = try ReadingsDatabase(path: arguments[1], access: .readWrite)
} catch {
    complain("error: \(error)")
    exit(74)
}
let recorder = ReadingsRecorder(
    store: store, settings: ReadingsRecorder.Settings(flushInterval: interval),
    onError: { error in complain("error: \(error)") })
let start = (WallClock.now() / 60).rounded(.down) * 60
var count = 0
while true {
    count += 1
    let time = start + Double(count)
    recorder.recordSteps(1, at: time)
    recorder.recordHeartRate(60 + Double(count % 40), at: time)
    let line = "\(count) \(MonotonicClock.now())\n"
    _ = try? SystemCall.writeAll(1, Array(line.utf8))
    usleep(1000)
}
