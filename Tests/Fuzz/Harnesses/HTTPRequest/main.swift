// fuzz-http-request: the one parser that faces the network, and the routes behind it. The first byte chooses how
// the rest arrives (in one piece, or cut into reads of 1 to 256 bytes, as a socket may deliver it); the rest is what
// a client sends on one connection. The parser's answers must not depend on how the bytes were cut: the same
// requests, then a failure with the same status (4xx/5xx, with a one-line reason) or more needed. Every request it
// yields is answered by the readings routes over a real store (`FixtureStore`) without a trap, with a status and
// headers a response can carry.
import Fusion
import FuzzStoreFixture
import FuzzSupport
import HTTP
import Pulse
import ReadingFormats
import ReadingsStore
import ReadingsWeb

/// The readings of `FixtureStore`, nothing live.
struct StoredReadings: ReadingsProvider {
    struct Nothing: ReadingSubscription { func cancel() {} }
    let store = FixtureStore.store

    func availability(of kind: ServiceReading) -> ReadingAvailability { .unavailable(reason: "stored only") }
    func subscribeMotion(interval: Double, _ handler: @escaping @Sendable (ReadingUpdate<MotionEstimate>) -> Void)
        -> any ReadingSubscription { Nothing() }
    func subscribeSteps(_ handler: @escaping @Sendable (ReadingUpdate<StepsUpdate>) -> Void)
        -> any ReadingSubscription { Nothing() }
    func subscribeHeartRate(_ handler: @escaping @Sendable (ReadingUpdate<Beat>) -> Void) -> any ReadingSubscription {
        Nothing()
    }
    func stepsToday() throws -> StepsBucket {
        let today = TimeRange.today(now: FixtureStore.now)
        return try store.steps(in: today) ?? StepsBucket(start: today.start, end: today.end, steps: 0, minutes: 0)
    }
    func history(_ query: HistoryQuery) throws -> History { try store.history(query) }
    func latestHeartRate() throws -> StoredHeartRate? { try store.latestHeartRate() }
}

let router: HTTPRouter = {
    var router = HTTPRouter()
    ReadingsWebRoutes.install(on: &router, provider: StoredReadings(), now: { FixtureStore.now })
    return router
}()

/// What the parser makes of `bytes` delivered in reads of `sizes` (cycled; empty: all at once).
func parse(_ bytes: [UInt8], reads sizes: [Int]) -> (requests: [HTTPRequest], end: HTTPRequestParser.Step) {
    var parser = HTTPRequestParser(limits: HTTPLimits())
    var requests: [HTTPRequest] = []
    var offset = 0
    var read = 0
    var last = HTTPRequestParser.Step.incomplete
    repeat {
        let size = sizes.isEmpty ? bytes.count : sizes[read % sizes.count]
        let chunk = bytes[offset..<min(bytes.count, offset + size)]
        offset += chunk.count
        read += 1
        parser.append(chunk)
        steps: while true {
            switch parser.next() {
            case .request(let request): requests.append(request)
            case .continueExpected: continue
            case .incomplete: last = .incomplete; break steps
            case .failure(let error): return (requests, .failure(error))
            }
        }
    } while offset < bytes.count
    return (requests, last)
}

/// The status of a failure (its reason may say which limit was seen first), nil for more needed.
func status(_ step: HTTPRequestParser.Step) -> Int? {
    if case .failure(let error) = step { return error.status.code }
    return nil
}

FuzzDriver.run { raw in
    var input = FuzzInput(raw)
    let cut = Int(input.byte())
    let bytes = input.rest()
    // Taken apart at once: matching on a member of the returned tuple crashes the 6.3 optimiser (CopyPropagation,
    // "Found ownership error").
    let (requests, end) = parse(bytes, reads: [])
    if cut & 1 == 1 {
        let sizes = (0..<4).map { 1 + (cut >> 1 + $0 * 37) % 256 }
        let (cutRequests, cutEnd) = parse(bytes, reads: sizes)
        check(cutRequests == requests, "requests differ when cut into \(sizes)")
        check(status(cutEnd) == status(end), "\(end) whole, \(cutEnd) when cut into \(sizes)")
    }
    if case .failure(let error) = end {
        check((400...599).contains(error.status.code), "status \(error.status) for a refused request")
        check(!error.reason.isEmpty && !error.reason.contains("\n"), "reason not one line: \(error.reason)")
    }
    for request in requests {
        guard case .response(let response) = router.reply(to: request) else { continue }
        check((200...599).contains(response.status.code), "status \(response.status) for \(request.target)")
    }
}
