import Dispatch
import Sensors

/// One kind of `MotionManager` update (device motion, accelerometer, gyroscope, magnetometer, steps, heart rate,
/// beats): its interval, its consumers — pull mode, a handler, async sequences — and the fan-out that delivers to
/// them. Every kind shares this one implementation.
///
/// The bookkeeping (`interval`, `pull`, `handler`, `streams`) is guarded by the manager's lock; `fanOut` is
/// thread-safe itself and publishes on the capture thread.
final class UpdateChannel<Update: Timestamped & Sendable>: @unchecked Sendable {
    // @unchecked: the mutable properties are only touched under `MotionManager.lock`.

    typealias Subscription = UpdateFanOut<Update>.Subscription

    let fanOut = UpdateFanOut<Update>()
    /// Seconds of sample time between deliveries; applies at once to every consumer.
    var interval: Double {
        didSet { fanOut.setInterval(interval) }
    }
    /// Pull mode: the caller reads `fanOut.latest`.
    var pull = false
    private var handler: Subscription?
    private var streams: [UInt64: (Subscription, finish: @Sendable () -> Void)] = [:]
    private var nextStreamID: UInt64 = 0

    /// A channel delivering every `interval` seconds (default 0.1; 0: every update).
    init(interval: Double = 0.1) {
        self.interval = interval
    }

    /// True while any consumer wants updates.
    var isActive: Bool { pull || handler != nil || !streams.isEmpty }

    /// Replaces the handler: it gets every due update, and the error that ends a capture.
    func setHandler(queue: DispatchQueue?, handler: @escaping @Sendable (Update?, CaptureError?) -> Void) {
        if let old = self.handler { fanOut.unsubscribe(old) }
        let delivery = HandlerDelivery(queue: queue, handler: handler)
        self.handler = fanOut.subscribe(
            interval: interval, deliver: { delivery.send($0) },
            end: { error in
                if let error { delivery.fail(error) }
            })
    }

    /// A new identifier for an async sequence.
    func reserveStreamID() -> UInt64 {
        nextStreamID += 1
        return nextStreamID
    }

    /// Adds an async sequence's continuation under `id`; it is finished when the updates end.
    func addStream(_ id: UInt64, _ continuation: AsyncStream<Update>.Continuation) {
        addConsumer(id, deliver: { continuation.yield($0) }, finish: { continuation.finish() })
    }

    /// Adds a consumer under `id` (an async sequence of something made from the updates): `deliver` gets every due
    /// update, `finish` is called once when the updates end or the consumer is stopped.
    func addConsumer(
        _ id: UInt64, deliver: @escaping @Sendable (Update) -> Void, finish: @escaping @Sendable () -> Void
    ) {
        let subscription = fanOut.subscribe(interval: interval, deliver: deliver, end: { _ in finish() })
        streams[id] = (subscription, finish)
    }

    /// Forgets one async sequence (its consumer ended it).
    func removeStream(_ id: UInt64) {
        if let (subscription, _) = streams.removeValue(forKey: id) { fanOut.unsubscribe(subscription) }
    }

    /// Forgets every consumer; returns the async sequences to finish once the manager's lock is released
    /// (finishing one runs its termination handler, which takes the lock).
    func stop() -> [@Sendable () -> Void] {
        pull = false
        if let handler { fanOut.unsubscribe(handler) }
        handler = nil
        let continuations = streams.values.map(\.finish)
        for (subscription, _) in streams.values { fanOut.unsubscribe(subscription) }
        streams = [:]
        return continuations
    }

    /// The capture ended by itself: forgets every consumer (under the manager's lock) and returns what tells them
    /// (to call once the lock is released): the handler gets `error`, async sequences finish.
    func end() -> [UpdateFanOut<Update>.Ending] {
        pull = false
        handler = nil
        streams = [:]
        return fanOut.removeAll()
    }
}
