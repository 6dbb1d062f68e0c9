// fuzz-iiod-protocol: the test iiod's command parser and session (IIODSession over a socket pair), which the
// discovery and capture tests rely on answering like iiod 0.24. The first byte picks the fixture; the rest is what
// a client sends. Any bytes are answered or refused without trapping or hanging, and the session ends at the end of
// the input.
import Foundation
import FuzzSupport
import Glibc
import MotionSimulation
@testable import IIODTestServer

FuzzDriver.run { bytes in
    var input = FuzzInput(bytes)
    let fixtures = IIOFixture.all
    let fixture = fixtures[input.choose(fixtures.count)]
    let commands = input.rest()
    var pair: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { fatalError("socketpair: \(errno)") }
    let (server, client) = (pair[0], pair[1])
    // The client's side: everything at once, then end of input; the answers are read (and dropped) on a thread so
    // that a long answer never blocks the session.
    let drained = DispatchSemaphore(value: 0)
    let reader = Thread {
        var sink = [UInt8](repeating: 0, count: 65536)
        while sink.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, 0) }) > 0 {}
        drained.signal()
    }
    reader.start()
    commands.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let sent = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            guard sent > 0 else { break }
            offset += sent
        }
    }
    shutdown(client, Int32(SHUT_WR))
    let state = ServerState(
        fixture: fixture, trajectory: ScriptedTrajectory.demo, pulse: .simulated(), rateScale: .infinity, dropEvery: 0)
    IIODSession(stream: SocketStream(fd: server), state: state, isStopping: { false }).run()
    close(server)
    drained.wait()
    close(client)
}
