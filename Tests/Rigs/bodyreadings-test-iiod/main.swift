// bodyreadings-test-iiod: serves a fixture over the iiod protocol until SIGINT/SIGTERM.
// Usage: bodyreadings-test-iiod --fixture NAME [--host ADDR] [--port N] [--rate-scale X|fast] [--trajectory NAME]
//                               [--pulse FILE.csv]
import Foundation
import MotionMath
import Glibc
import IIODTestServer
import MotionSimulation

/// The trajectories `--trajectory` offers (MotionSimulation's built-ins).
let trajectories: [(name: String, make: () -> any Trajectory)] = [
    ("demo", { ScriptedTrajectory.demo }),
    ("rest", { ScriptedTrajectory.rest() }),
    ("tilt-sequence", { ScriptedTrajectory.tiltSequence() }),
    ("spin", { ScriptedTrajectory.constantRotation(axis: Vector3(0, 0, 1), rate: 1) }),
    ("yawing", { ScriptedTrajectory.yawing() }),
]

let usage = """
    OVERVIEW: a test iiod (libiio 0.24 protocol) serving simulated IIO sensors with values and samples

    USAGE: bodyreadings-test-iiod --fixture NAME [--host ADDR] [--port N] [--rate-scale X|fast]
                                  [--trajectory NAME] [--pulse FILE.csv]

    OPTIONS:
      --fixture NAME      one of: \(IIOFixture.all.map(\.name).joined(separator: ", "))
      --host ADDR         IPv4 address to listen on (default 127.0.0.1)
      --port N            TCP port (default 0: any free port)
      --rate-scale X      trajectory seconds per wall second (default 1); `fast` streams as fast as read
      --trajectory NAME   the motion the samples encode: \(trajectories.map(\.name).joined(separator: ", "))
                          (default demo: MotionSimulation's 80-second phone-in-hand scene, repeated)
      --pulse FILE.csv    the pulse that pulse sensors (max30102, afe4404, …) play: the t and ppg columns of a
                          recording such as ../shared/data/ppg/a103l.csv, repeated (default: a simulated pulse at
                          72 beats/min)
      --print-xml         print the fixture's context XML and exit
      -h, --help          show this help

    Prints `ip:HOST:PORT` on stdout once listening; runs until SIGINT or SIGTERM.

    """

func fail(_ message: String, code: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(code)
}

var fixtureName: String?
var host = "127.0.0.1"
var port: UInt16 = 0
var rateScale = 1.0
var printXML = false
var trajectoryName = "demo"
var pulsePath: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    func value() -> String {
        guard let next = arguments.next() else { fail("\(argument) needs a value; see --help") }
        return next
    }
    switch argument {
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    case "--fixture": fixtureName = value()
    case "--host": host = value()
    case "--port":
        let text = value()
        guard let parsed = UInt16(text) else { fail("--port \(text) is not a port number 0–65535") }
        port = parsed
    case "--rate-scale":
        let text = value()
        if text == "fast" {
            rateScale = .infinity
        } else if let parsed = Double(text), parsed > 0, parsed.isFinite {
            rateScale = parsed
        } else {
            fail("--rate-scale \(text) is not a positive number or `fast`")
        }
    case "--trajectory": trajectoryName = value()
    case "--pulse": pulsePath = value()
    case "--print-xml": printXML = true
    default: fail("unknown argument \(argument); see --help")
    }
}
guard let fixtureName else { fail("--fixture NAME is required (one of: \(IIOFixture.all.map(\.name).joined(separator: ", ")))") }
guard let fixture = IIOFixture.named(fixtureName) else {
    fail("unknown fixture \(fixtureName); use one of: \(IIOFixture.all.map(\.name).joined(separator: ", "))")
}
guard let trajectory = trajectories.first(where: { $0.name == trajectoryName })?.make() else {
    fail("unknown trajectory \(trajectoryName); use one of: \(trajectories.map(\.name).joined(separator: ", "))")
}
if printXML {
    print(fixture.xml)
    exit(0)
}

var pulse = PulseWaveform.simulated()
if let pulsePath {
    do {
        pulse = try PulseWaveform.load(csv: pulsePath)
    } catch {
        fail("cannot read a pulse from \(pulsePath) (a CSV with t and ppg columns): \(error)", code: 66)
    }
}

signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
let server: IIODTestServer
do {
    server = try IIODTestServer(
        fixture: fixture, host: host, port: port, trajectory: trajectory, rateScale: rateScale, pulse: pulse
    )
} catch {
    fail("\(error)", code: 69)
}
FileHandle.standardOutput.write(Data((server.uri + "\n").utf8))

let done = DispatchSemaphore(value: 0)
let sources = [SIGINT, SIGTERM].map { signalNumber in
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler { done.signal() }
    source.resume()
    return source
}
done.wait()
server.stop()
_ = sources
exit(0)
