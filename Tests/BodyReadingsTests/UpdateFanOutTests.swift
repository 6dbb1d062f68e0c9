import Foundation
import Sensors
import Testing
@testable import BodyReadings

@Suite("UpdateFanOut")
struct UpdateFanOutTests {
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: [Double]] = [:]
        private var endings: [String: String] = [:]
        func add(_ who: String, _ t: Double) { lock.withLock { values[who, default: []].append(t) } }
        func end(_ who: String, _ error: CaptureError?) { lock.withLock { endings[who] = error?.message ?? "ended" } }
        subscript(who: String) -> [Double] { lock.withLock { values[who] ?? [] } }
        func ending(_ who: String) -> String? { lock.withLock { endings[who] } }
    }

    @Test func eachSubscriberGetsItsOwnInterval() {
        let fanOut = UpdateFanOut<Tick>()
        let received = Received()
        _ = fanOut.subscribe(interval: 0) { received.add("all", $0.t) }
        _ = fanOut.subscribe(interval: 0.1) { received.add("tenth", $0.t) }
        _ = fanOut.subscribe(interval: 0.5) { received.add("half", $0.t) }
        for index in 0..<100 { fanOut.publish(Tick(t: Double(index) * 0.01)) }
        #expect(received["all"].count == 100)
        #expect(received["tenth"].count == 10)
        #expect(received["half"].count == 2)
        #expect(fanOut.latest == Tick(t: 0.99))
    }

    @Test func aSubscriberMayUnsubscribeWhileBeingDelivered() {
        let fanOut = UpdateFanOut<Tick>()
        let received = Received()
        let box = SubscriptionBox()
        box.subscription = fanOut.subscribe(interval: 0) { tick in
            received.add("once", tick.t)
            if let subscription = box.subscription { fanOut.unsubscribe(subscription) }
        }
        _ = fanOut.subscribe(interval: 0) { received.add("other", $0.t) }
        for index in 0..<5 { fanOut.publish(Tick(t: Double(index))) }
        #expect(received["once"] == [0])
        #expect(received["other"].count == 5)
        #expect(fanOut.count == 1)
    }

    @Test func changingTheIntervalKeepsTheGrid() {
        let fanOut = UpdateFanOut<Tick>()
        let received = Received()
        let subscription = fanOut.subscribe(interval: 0.1) { received.add("a", $0.t) }
        for index in 0..<20 { fanOut.publish(Tick(t: Double(index) * 0.01)) }
        fanOut.setInterval(0.05, for: subscription)
        for index in 20..<40 { fanOut.publish(Tick(t: Double(index) * 0.01)) }
        let times = received["a"].map { ($0 * 100).rounded() / 100 }
        #expect(times == [0, 0.1, 0.2, 0.25, 0.3, 0.35])
    }

    @Test func endingTellsEverySubscriberOnceAndForgetsThem() {
        let fanOut = UpdateFanOut<Tick>()
        let received = Received()
        let quiet = fanOut.subscribe(interval: 0, deliver: { _ in }, end: { received.end("quiet", $0) })
        _ = fanOut.subscribe(interval: 0, deliver: { _ in }, end: { received.end("told", $0) })
        #expect(fanOut.unsubscribe(quiet))
        fanOut.end(with: CaptureError(.vanished, "gone"))
        #expect(received.ending("told") == "gone")
        #expect(received.ending("quiet") == nil)
        #expect(fanOut.count == 0)
        #expect(!fanOut.unsubscribe(quiet))
    }
}

final class SubscriptionBox: @unchecked Sendable {
    var subscription: UpdateFanOut<Tick>.Subscription?
}
