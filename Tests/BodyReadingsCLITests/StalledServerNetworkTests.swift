import Foundation
import IIODTestServer
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// A capture through libiio's network client whose iiod stops answering for longer than the refill timeout (a
/// loaded board, a network hiccup) while it still serves the device: the capture loses what the stall held up and
/// goes on; it is not a vanished device.
@Suite("captures over ip ride out a stalled iiod")
struct StalledServerNetworkTests {
    /// Stalls `server` for `seconds` once it has answered `refills` READBUF commands, on a thread of its own.
    static func stall(_ server: IIODTestServer, seconds: Double, afterRefills refills: Int) -> Thread {
        let staller = Thread {
            _ = waitUntil { server.commands.filter { $0.hasPrefix("READBUF") }.count >= refills }
            server.stall(seconds: seconds)
        }
        staller.start()
        return staller
    }

    /// The max30102's buffer (10 samples per refill at 100 Hz, a refill timeout of 1 s) over a server that stalls
    /// for 2.5 s after a few refills: the run reaches its duration and counts the lost refill.
    @Test func aBufferedPulseSensorGoesOnAfterAStall() throws {
        signal(SIGPIPE, SIG_IGN)
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named("max30102")))
        defer { server.stop() }
        _ = Self.stall(server, seconds: 2.5, afterRefills: 5)
        let result = runStream(["heart-rate", "--uri", server.uri, "--duration", "8", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stopped (duration reached)"), "\(result.stderr)")
        #expect(!result.stderr.contains("0 buffer overflows"), "the lost refill is counted: \(result.stderr)")
        #expect(server.openBufferCount == 0)
    }

    /// A device that vanishes (its refills answer ENODEV) is not a stall: exit 69 naming it, no buffer reopened.
    @Test func aVanishedDeviceIsNotReopened() throws {
        signal(SIGPIPE, SIG_IGN)
        let server = try IIODTestServer(fixture: try #require(IIOFixture.named("max30102")))
        defer { server.stop() }
        let vanisher = Thread {
            _ = waitUntil { server.commands.filter { $0.hasPrefix("READBUF") }.count >= 5 }
            server.vanish()
        }
        vanisher.start()
        let result = runStream(["heart-rate", "--uri", server.uri, "--duration", "8", "--format", "csv"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("max30102 (iio:device0) vanished while streaming"), "\(result.stderr)")
        let opens = server.commands.filter { $0.hasPrefix("OPEN") }
        #expect(opens.count == 1, "\(opens)")
    }

    /// `record` of a polled bmi160 beside a buffered max30102 while eight attribute reads of the bmi160 are answered
    /// 0.4 s late each (a slow bus; eight in a row slow all three accelerometer reads of some tick, whatever the
    /// alignment, so one tick takes over a second): the IMU readings of the ticks around it still find their place
    /// among the pulse sensor's rows, none is dropped.
    @Test func aSlowPolledTickDropsNoReading() throws {
        let server = try IIODTestServer(fixture: RecordPulseNetworkTests.board())
        defer { server.stop() }
        let slower = Thread {
            _ = waitUntil { server.commands.filter { $0.hasPrefix("READBUF") }.count >= 10 }
            server.slowReads(of: "iio:device0", seconds: 0.4, count: 8)
        }
        slower.start()
        let scratch = try TemporaryDirectory(prefix: "bodyreadings-record-slow-tick")
        let result = runStream(["record", scratch.file("board.csv"), "--uri", server.uri, "--duration", "9"])
        #expect(result.status == 0, "\(result.stderr)")
        let longest = result.stderr.firstMatch(of: /bmi160 \(iio:device0\): .* the longest (\d+) ms/)
        #expect((longest.flatMap { Int($0.1) } ?? 0) > 1000, "the slow tick outlasted the lag: \(result.stderr)")
        #expect(result.stderr.contains(", 0 dropped,"), "\(result.stderr)")
    }

    /// A polled bmi160 one of whose attribute reads is answered 2 s late (a board's bus or network blocked for a
    /// moment): the stream waits for it, counts the gap and goes on to its duration; it is not a vanished device.
    @Test func aPolledReadSlowerThanASecondIsWaitedFor() throws {
        signal(SIGPIPE, SIG_IGN)
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let slower = Thread {
            _ = waitUntil { server.commands.filter { $0.hasPrefix("READ iio:device0") }.count >= 30 }
            server.slowReads(of: "iio:device0", seconds: 2, count: 1)
        }
        slower.start()
        let result = runStream(["stream", "--uri", server.uri, "--duration", "6", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stopped (duration reached)"), "\(result.stderr)")
        let longest = result.stderr.firstMatch(of: /bmi160 \(iio:device0\): .* the longest (\d+) ms/)
        #expect((longest.flatMap { Int($0.1) } ?? 0) > 1500, "the slow read is counted as a gap: \(result.stderr)")
    }
}
