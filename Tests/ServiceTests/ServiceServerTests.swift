import Foundation
import ReadingFormats
import Service
import TestSupport
import Testing
import TextFormats

/// The socket server against a feed the test drives: requests and replies, every update in order for a client that
/// keeps up while one that does not read loses only its own oldest updates (and is told), and a clean stop.
@Suite("service server")
struct ServiceServerTests {
    let directory: TemporaryDirectory
    let feed = FakeFeed()
    let server: ServiceServer

    init() throws {
        directory = try TemporaryDirectory(prefix: "br-serve")
        var settings = ServiceServer.Settings(path: directory.file("serve.sock"))
        settings.queueLimit = 16
        settings.service = "bodyreadings test"
        server = try ServiceServer(settings, feed: feed)
    }

    private func connect() throws -> TestClient {
        let client = try TestClient(path: server.settings.path)
        let hello = try #require(client.json())
        #expect(hello["event"] == .string("hello"))
        #expect(hello["service"] == .string("bodyreadings test"))
        #expect(hello["readings"]?["heart_rate"]?["reason"] == .string("no PPG sensor here"))
        return client
    }

    @Test func answersRequestsWithTheirIds() throws {
        defer { server.stop() }
        let client = try connect()
        try client.send(#"{"op":"subscribe","reading":"motion","interval":0.5,"id":"a"}"#)
        let reply = try #require(client.json())
        #expect(reply["reply"] == .string("subscribe") && reply["ok"] == .bool(true) && reply["id"] == .string("a"))
        #expect(reply["interval"] == .number(0.5))
        #expect(waitUntil { feed.count == 1 })
        feed.publish(.motion, #"{"reading":"motion","t":1}"#)
        #expect(client.json()?["t"] == .number(1))

        try client.send(#"{"op":"subscribe","reading":"heart_rate","id":2}"#)
        let refused = try #require(client.json())
        #expect(refused["ok"] == .bool(false) && refused["error"] == .string("heart_rate: no PPG sensor here"))

        try client.send(#"{"op":"status","id":3}"#)
        let status = try #require(client.json())
        #expect(status["clients"] == .number(1) && status["subscriptions"] == .array([.string("motion")]))

        try client.send(#"{"op":"history","reading":"steps","per":"day","id":4}"#)
        #expect(client.json()?["rows"]?.arrayValue?.first?["steps"] == .number(42))

        try client.send("{\"op\":\"nope\"}\n\n   ")
        #expect(client.json()?["error"]?.stringValue?.contains("unknown op 'nope'") == true)

        try client.send(#"{"op":"unsubscribe","reading":"motion","id":5}"#)
        #expect(client.json()?["ok"] == .bool(true))
        #expect(waitUntil { feed.count == 0 })
        try client.send(#"{"op":"unsubscribe","reading":"motion"}"#)
        #expect(client.json()?["error"] == .string("not subscribed to motion"))
    }

    @Test func aClientThatDoesNotReadNeverDelaysOneThatDoes() throws {
        defer { server.stop() }
        let fast = try connect()
        let stuck = try connect()
        for client in [fast, stuck] {
            try client.send(#"{"op":"subscribe","reading":"raw","interval":0}"#)
            #expect(client.json()?["ok"] == .bool(true))
        }
        #expect(waitUntil { feed.count == 2 })
        let padding = String(repeating: "x", count: 400)
        let total = 6000
        let noticeAt = 3000
        var received: [Double] = []
        // Publish in steps of 20 that the fast client reads as they come; the stuck one reads nothing (its socket buffer
        // fills, then its queue).
        for start in stride(from: 0, to: total, by: 20) {
            for n in start..<(start + 20) {
                if n == noticeAt { feed.publish(.raw, #"{"event":"gap","missed":7}"#, notice: true) }
                feed.publish(.raw, #"{"reading":"raw","t":\#(n),"pad":"\#(padding)"}"#)
            }
            while received.count < start + 20, let line = fast.json(timeout: 30) {
                if let t = line["t"]?.numberValue { received.append(t) }
            }
        }
        let everyOneInOrder = received == (0..<total).map(Double.init)
        #expect(everyOneInOrder, "every update, in order, none dropped (\(received.count) of \(total) arrived)")

        var times: [Double] = []
        var reported = 0
        var notices = 0
        // Read until every update is accounted for (a loaded machine may pause the queued lines for a while), then
        // nothing more may come.
        while times.count + reported < total, let line = stuck.json(timeout: 30) {
            if let t = line["t"]?.numberValue { times.append(t) }
            if line["event"] == .string("gap") {
                notices += 1
                let before = times.last ?? -1
                #expect(before < Double(noticeAt), "the notice keeps its place: after \(before)")
            }
            if line["event"] == .string("dropped") {
                reported += Int(line["count"]?.numberValue ?? 0)
                #expect(line["total"]?.numberValue.map(Int.init) == reported)
            }
        }
        #expect(stuck.json(timeout: 0.5) == nil, "nothing after the last update")
        #expect(notices == 1, "the notice in the middle of the dropped updates arrives, once")
        #expect(reported > 0, "the stuck client lost updates")
        #expect(times.count + reported == total, "each update either arrived or was reported dropped")
        let inOrder = times == times.sorted() && Set(times).count == times.count
        #expect(inOrder, "in order, none twice")
        #expect(times.last == Double(total - 1), "the newest updates are kept")
    }

    @Test func aBatchsUpdatesGoOutAtItsEndInOneSend() throws {
        server.stop()
        let batchedFeed = FakeFeed(batched: true)
        let batching = try ServiceServer(
            ServiceServer.Settings(path: directory.file("batched.sock")), feed: batchedFeed)
        defer { batching.stop() }
        let client = try TestClient(path: batching.settings.path)
        #expect(client.json()?["event"] == .string("hello"))
        try client.send(#"{"op":"subscribe","reading":"raw","interval":0}"#)
        #expect(client.json()?["ok"] == .bool(true))
        #expect(waitUntil { batchedFeed.count == 1 })

        batchedFeed.beginBatch()
        for n in 0..<5 { batchedFeed.publish(.raw, #"{"reading":"raw","t":\#(n)}"#) }
        #expect(client.chunk(timeout: 0.3) == nil, "nothing goes out before the batch ends")
        batchedFeed.endBatch()
        let chunk = try #require(client.chunk(timeout: 5))
        let lines = String(decoding: chunk, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == (0..<5).map { #"{"reading":"raw","t":\#($0)}"# }, "all five in order, in one send")

        batchedFeed.beginBatch()
        batchedFeed.publish(.raw, #"{"reading":"raw","t":5}"#)
        try client.send(#"{"op":"status","id":1}"#)
        #expect(client.json()?["t"] == .number(5), "a reply sends the updates queued before it first")
        #expect(client.json()?["reply"] == .string("status"))
        batchedFeed.endBatch()
        #expect(client.chunk(timeout: 0.3) == nil, "nothing twice")
    }

    @Test func stoppingTellsEveryClientAndRemovesTheSocket() throws {
        let first = try connect()
        let second = try connect()
        server.stop(reason: "maintenance")
        for client in [first, second] {
            let closing = try #require(client.json())
            #expect(closing["event"] == .string("closing") && closing["reason"] == .string("maintenance"))
            #expect(client.line(timeout: 2) == nil, "then the connection closes")
        }
        #expect(!FileManager.default.fileExists(atPath: server.settings.path))
    }

    @Test func aSecondServerOnTheSameSocketIsRefused() throws {
        defer { server.stop() }
        #expect {
            _ = try ServiceServer(ServiceServer.Settings(path: server.settings.path), feed: feed)
        } throws: { error in
            (error as? ServiceError)?.kind == .alreadyRunning
        }
    }

    @Test func aReadingThatEndsIsReportedToItsSubscribers() throws {
        defer { server.stop() }
        let client = try connect()
        try client.send(#"{"op":"subscribe","reading":"motion"}"#)
        _ = client.json()
        #expect(waitUntil { feed.count == 1 })
        feed.end(.motion, error: "accel_3d vanished")
        let ended = try #require(client.json())
        #expect(ended["event"] == .string("ended") && ended["error"] == .string("accel_3d vanished"))
    }

    @Test func anOversizedRequestClosesTheConnection() throws {
        defer { server.stop() }
        let client = try connect()
        try client.send(String(repeating: "a", count: 70_000))
        #expect(client.json()?["error"]?.stringValue?.contains("longer than 65536 bytes") == true)
        #expect(client.line(timeout: 2) == nil)
        #expect(waitUntil { server.clientCount == 0 })
    }
}
