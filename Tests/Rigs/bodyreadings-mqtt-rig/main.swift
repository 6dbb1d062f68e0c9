// bodyreadings-mqtt-rig: publishes synthetic readings through Publishing's ReadingsPublisher, for the tests that need
// the publisher in a process of its own (killed with SIGKILL, the last will must speak) and for measuring its cost.
//
// Usage: bodyreadings-mqtt-rig URL --device-id ID [--rate HZ] [--batch S] [--qos 0|1] [--cafile FILE]
//                              [--homeassistant] [--seconds S]
// Prints `connected` once the broker accepted it (or `error: …` and exits 69/77), publishes device motion and raw
// samples at HZ (default 100), a step every 0.5 s and a beat every 0.8 s, until SIGTERM or SIGINT (or --seconds),
// then stops cleanly and prints the final counts as `delivered=N dropped=N`.
import Dispatch
import Foundation
import Fusion
import MQTT
import MotionMath
import Pedometry
import Pulse
import Publishing

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}
/// Writes a line to stdout unbuffered: the tests wait for it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
func fail(_ text: String, _ code: Int32) -> Never {
    say("error: \(text)")
    exit(code)
}

let deviceID = option("--device-id") ?? DeviceIdentity.hostName()
let rate = option("--rate").flatMap(Double.init) ?? 100
let batch = option("--batch").flatMap(Double.init) ?? 1
let qos: MQTTQoS = option("--qos") == "0" ? .atMostOnce : .atLeastOnce
let cafile = option("--cafile")
let seconds = option("--seconds").flatMap(Double.init)
let homeAssistant = flag("--homeassistant")
guard let urlText = arguments.first else { fail("usage: bodyreadings-mqtt-rig URL --device-id ID", 64) }

let settings: ReadingsPublisher.Settings
do {
    var built = ReadingsPublisher.Settings(
        broker: try BrokerURL(parsing: urlText), layout: try TopicLayout(deviceID: deviceID))
    built.batchPeriod = batch
    built.qos = qos
    built.homeAssistant = homeAssistant
    built.keepAlive = 5
    if let cafile { built.tls = MQTTTLSConfiguration(caFile: cafile) }
    settings = built
} catch {
    fail("\(error)", 64)
}

// Signals are caught before `connected` is printed: a test may send SIGTERM as soon as it reads it.
final class StopFlag: @unchecked Sendable {
    // @unchecked: `raised` is guarded by `lock`.
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}
let stopFlag = StopFlag()
var sources: [any DispatchSourceSignal] = []
for signalNumber in [SIGTERM, SIGINT] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    // Not main-actor code: Dispatch runs the handler on one of its threads.
    source.setEventHandler { @Sendable [stopFlag] in stopFlag.raise() }
    source.resume()
    sources.append(source)
}

let publisher: ReadingsPublisher
do {
    publisher = try ReadingsPublisher(settings)
    guard try publisher.waitUntilConnected(timeout: 10) else { fail("no answer from the broker", 69) }
} catch {
    fail(error.description, error.failure.isLoginRefused ? 77 : 69)
}
say("connected")

let start = Date()
var index = 0
var steps = 0
while !stopFlag.isRaised {
    let t = Double(index) / rate
    if let seconds, t >= seconds { break }
    let angle = 0.5 * t
    let attitude = Quaternion(axis: Vector3(0, 0, 1), angle: angle)
    let gravity = Vector3(0, 0, 9.80665)
    let user = Vector3(0.2 * sin(t), 0.1 * cos(t), 0)
    publisher.publish(
        MotionEstimate(
            t: t, attitude: attitude, rotationRate: Vector3(0, 0, 0.5), gravity: gravity, userAcceleration: user,
            gyroBias: .zero, isResting: false, isMagneticallyDisturbed: false))
    publisher.publish(IMUSample(t: t, accelerometer: Vector3(gravity.simd + user.simd), gyroscope: Vector3(0, 0, 0.5)))
    if index % max(1, Int(rate / 2)) == 0 {
        steps += 1
        publisher.publish(Step(t: t, count: steps, cadence: 120, activity: .walking))
    }
    if index % max(1, Int(rate * 0.8)) == 0 {
        publisher.publish(Beat(t: t, rrInterval: 0.8, heartRate: 75, quality: .good))
    }
    index += 1
    let due = start.addingTimeInterval(Double(index) / rate)
    let wait = due.timeIntervalSinceNow
    if wait > 0 { usleep(UInt32(wait * 1e6)) }
}
let final = publisher.stop()
say("delivered=\(final.delivered) dropped=\(final.dropped)")
