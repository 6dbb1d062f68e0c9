import BodyReadings
import Dispatch
import Fusion
import ReadingFormats
import ReadingsWeb
import Sensors
import SystemSupport
import TextFormats

/// The readings of a running `bodyreadings serve` through its Unix socket (a `ServiceConnection`), as the
/// `ReadingsProvider` the web dashboard reads from the service's capture: so that the terminal dashboard reads a
/// service and its own sensors through the same abstraction.
///
/// One connection and one reading thread. A reading the service's `hello` lists as missing is unavailable with the
/// service's reason and its subscription does nothing; one that ends later (`ended`, `closing`, a refused
/// subscription, a lost connection) is told to its subscribers as unavailable, with the reason. Several motion (or
/// altitude) subscribers share the connection's one motion (altitude) subscription at the shortest interval asked
/// for. The service's step lines carry the day's count (`today`: its store's plus the steps since), shown as it is,
/// and its altitude lines the day's flights; before the first step, `stepsToday()` asks the store (`history`). Other
/// stored readings are not read over the socket (`ServiceReadingsProvider+Stored.swift`).
final class ServiceReadingsProvider: ReadingsProvider, @unchecked Sendable {
    // @unchecked: the handler tables, `lost` and `pending` are guarded by `lock`; `connection` is read by the one
    // reading thread, and sends are serialised by `lock`.

    /// The socket's path and the service's source, for the dashboard's header.
    let name: String
    private let connection: ServiceConnection
    private let lock = ThreadLock()
    private var motion: [UInt64: (interval: Double, handler: @Sendable (ReadingUpdate<MotionEstimate>) -> Void)] = [:]
    private var steps: [UInt64: @Sendable (ReadingUpdate<StepsUpdate>) -> Void] = [:]
    private var heartRate: [UInt64: @Sendable (ReadingUpdate<Beat>) -> Void] = [:]
    private var altitude: [UInt64: (interval: Double, handler: @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void)] = [:]
    private var altitudeInterval: Double?
    private var motionInterval: Double?
    private var lost: [ServiceReading: String] = [:]
    private var nextToken: UInt64 = 0
    /// Requests waiting for their reply, by id.
    private var pending: [String: PendingReply] = [:]
    /// The ids of this provider's own requests start so.
    private static let requestPrefix = "dashboard-"
    /// Signalled when the reading thread ends.
    private let finished = DispatchSemaphore(value: 0)

    /// Connects to the service at `path` and starts reading its lines. Fails as `ServiceConnection` does (no
    /// service: `notFound`).
    init(path: String) throws(CaptureError) {
        connection = try ServiceConnection(path: path)
        name = "serve \(path): \(connection.availability.source)"
        NamedThread.start(name: "br dashboard service") { [self] in
            read()
            finished.signal()
        }
    }

    /// Closes the connection and waits (up to 2 s) for the reading thread to end. Call it once.
    func close() {
        connection.cancel()
        _ = finished.wait(timeout: .now() + 2)
    }

    func availability(of reading: ServiceReading) -> ReadingAvailability {
        if let reason = lock.withLock({ lost[reading] }) ?? connection.availability.unavailable[reading] {
            return .unavailable(reason: reason)
        }
        return .available
    }

    func subscribeMotion(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<MotionEstimate>) -> Void
    ) -> any ReadingSubscription {
        guard availability(of: .motion).isAvailable else { return CancellingSubscription.none }
        let token = lock.withLock { () -> UInt64 in
            nextToken += 1
            motion[nextToken] = (interval, handler)
            return nextToken
        }
        updateMotionSubscription()
        return CancellingSubscription { [weak self] in
            guard let self else { return }
            lock.withLock { _ = motion.removeValue(forKey: token) }
            updateMotionSubscription()
        }
    }

    func subscribeSteps(_ handler: @escaping @Sendable (ReadingUpdate<StepsUpdate>) -> Void) -> any ReadingSubscription {
        guard availability(of: .steps).isAvailable else { return CancellingSubscription.none }
        let (token, first) = lock.withLock { () -> (UInt64, Bool) in
            nextToken += 1
            steps[nextToken] = handler
            return (nextToken, steps.count == 1)
        }
        if first { send(.subscribe(.steps, interval: 0, everySample: false)) }
        return CancellingSubscription { [weak self] in
            guard let self else { return }
            let last = lock.withLock { steps.removeValue(forKey: token) != nil && steps.isEmpty }
            if last { send(.unsubscribe(.steps)) }
        }
    }

    func subscribeHeartRate(_ handler: @escaping @Sendable (ReadingUpdate<Beat>) -> Void) -> any ReadingSubscription {
        guard availability(of: .heartRate).isAvailable else { return CancellingSubscription.none }
        let (token, first) = lock.withLock { () -> (UInt64, Bool) in
            nextToken += 1
            heartRate[nextToken] = handler
            return (nextToken, heartRate.count == 1)
        }
        if first { send(.subscribe(.heartRate, interval: 0, everySample: false)) }
        return CancellingSubscription { [weak self] in
            guard let self else { return }
            let last = lock.withLock { heartRate.removeValue(forKey: token) != nil && heartRate.isEmpty }
            if last { send(.unsubscribe(.heartRate)) }
        }
    }

    func subscribeAltitude(
        interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<AltitudeUpdate>) -> Void
    ) -> any ReadingSubscription {
        guard availability(of: .altitude).isAvailable else { return CancellingSubscription.none }
        let token = lock.withLock { () -> UInt64 in
            nextToken += 1
            altitude[nextToken] = (interval, handler)
            return nextToken
        }
        updateAltitudeSubscription()
        return CancellingSubscription { [weak self] in
            guard let self else { return }
            lock.withLock { _ = altitude.removeValue(forKey: token) }
            updateAltitudeSubscription()
        }
    }

    // MARK: Internals

    /// Subscribes at the shortest interval the motion subscribers ask for, or unsubscribes without one.
    private func updateMotionSubscription() {
        resubscribe(.motion, \.motionInterval) { motion.values.map(\.interval).min() }
    }

    /// Subscribes at the shortest interval the altitude subscribers ask for, or unsubscribes without one.
    private func updateAltitudeSubscription() {
        resubscribe(.altitude, \.altitudeInterval) { altitude.values.map(\.interval).min() }
    }

    /// Subscribes to `reading` at the interval `wanted` gives (under the lock) when it differs from the one at
    /// `current`, or unsubscribes when it gives none.
    private func resubscribe(
        _ reading: ServiceReading, _ current: ReferenceWritableKeyPath<ServiceReadingsProvider, Double?>,
        wanted: () -> Double?
    ) {
        let change = lock.withLock { () -> Double?? in
            let next = wanted()
            guard next != self[keyPath: current] else { return .none }
            self[keyPath: current] = next
            return .some(next)
        }
        guard let change else { return }
        if let interval = change {
            send(.subscribe(reading, interval: interval, everySample: false))
        } else {
            send(.unsubscribe(reading))
        }
    }

    private func send(_ operation: ServiceRequest.Operation) {
        do throws(CaptureError) {
            try lock.withLock { () throws(CaptureError) in try connection.send(ServiceRequest(operation)) }
        } catch {
            lose(ServiceReading.allCases, reason: error.message)
        }
    }

    private func read() {
        do throws(CaptureError) {
            while let event = try connection.next() {
                guard handle(event) else { return }
            }
        } catch {
            lose(ServiceReading.allCases, reason: error.message)
        }
    }

    /// Hands `event` to the subscribers of its reading; false once the service closes the connection.
    private func handle(_ event: ServiceEvent) -> Bool {
        switch event {
        case .motion(let estimate):
            for handler in lock.withLock({ motion.values.map(\.handler) }) { handler(.reading(estimate)) }
        case .reading(.steps, let fields):
            let update: ReadingUpdate<StepsUpdate>
            switch ServiceReadingFields.step(fields) {
            case .success(let step):
                // A service without the day's count (no `today`) has no store: its running count is the day's.
                let today = fields["today"]?.countValue ?? step.count
                update = .reading(StepsUpdate(step: step, today: today))
            case .failure(let error):
                update = .availability(.unavailable(reason: error.message))
            }
            for handler in lock.withLock({ Array(steps.values) }) { handler(update) }
        case .reading(.heartRate, let fields):
            let update = ServiceReadingFields.beat(fields)
            for handler in lock.withLock({ Array(heartRate.values) }) { handler(update) }
        case .reading(.altitude, let fields):
            let update = ServiceReadingFields.flights(fields)
            for handler in lock.withLock({ altitude.values.map(\.handler) }) { handler(update) }
        case .reply(_, .string(let id)?, let ok, let error, let body) where id.hasPrefix(Self.requestPrefix):
            answer(id, ok ? .success(body) : .failure(ServiceProtocolError(error ?? "the service gave no reason")))
        case .reply("subscribe", _, false, let error, let body):
            if let name = body["reading"]?.stringValue, let reading = ServiceReading(rawValue: name) {
                lose([reading], reason: "the service refused it: \(error ?? "no reason given")")
            }
        case .ended(let reading, let error):
            lose([reading], reason: error ?? "the service's \(reading.name) readings ended")
        case .closing(let reason):
            lose(ServiceReading.allCases, reason: "the service stopped (\(reason))")
            return false
        case .hello, .raw, .reading, .reply, .dropped, .gap:
            break
        }
        return true
    }

    /// Today's steps in the service's store and the minutes they were counted in (a `history` request, answered
    /// within `timeout` seconds); the step lines that follow carry the count on. Fails when the service keeps no
    /// store.
    func storedStepsToday(timeout: Double = 3) throws(ServiceProtocolError) -> (steps: Int, minutes: Int) {
        let reply = PendingReply()
        let id = lock.withLock { () -> String in
            nextToken += 1
            let id = "\(Self.requestPrefix)\(nextToken)"
            pending[id] = reply
            return id
        }
        defer { lock.withLock { _ = pending.removeValue(forKey: id) } }
        let query = ServiceHistoryQuery(reading: .steps, per: .day)
        do throws(CaptureError) {
            try lock.withLock { () throws(CaptureError) in
                try connection.send(ServiceRequest(.history(query), id: .string(id)))
            }
        } catch {
            throw ServiceProtocolError(error.message)
        }
        guard reply.done.wait(timeout: .now() + timeout) == .success, let result = reply.result else {
            throw ServiceProtocolError("the service did not answer for today's steps within \(Int(timeout)) s")
        }
        let body = try result.get()
        let bucket = body["buckets"]?.arrayValue?.last
        return (bucket?["steps"]?.countValue ?? 0, bucket?["minutes"]?.countValue ?? 0)
    }

    /// Hands the reply of request `id` to its waiter.
    private func answer(_ id: String, _ result: Result<JSONValue, ServiceProtocolError>) {
        lock.withLock {
            guard let reply = pending[id] else { return }
            reply.result = result
            reply.done.signal()
        }
    }

    /// Marks `readings` unavailable for `reason` and tells their subscribers.
    private func lose(_ readings: [ServiceReading], reason: String) {
        let (motionHandlers, stepsHandlers, heartHandlers, altitudeHandlers) = lock.withLock {
            for reading in readings where lost[reading] == nil { lost[reading] = reason }
            return (
                readings.contains(.motion) ? motion.values.map(\.handler) : [],
                readings.contains(.steps) ? Array(steps.values) : [],
                readings.contains(.heartRate) ? Array(heartRate.values) : [],
                readings.contains(.altitude) ? altitude.values.map(\.handler) : []
            )
        }
        let unavailable = ReadingAvailability.unavailable(reason: reason)
        for handler in motionHandlers { handler(.availability(unavailable)) }
        for handler in stepsHandlers { handler(.availability(unavailable)) }
        for handler in heartHandlers { handler(.availability(unavailable)) }
        for handler in altitudeHandlers { handler(.availability(unavailable)) }
    }
}
