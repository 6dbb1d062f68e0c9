import HTTP
import SystemSupport
import TextFormats

/// The event streams of the readings: `/events/motion`, `/events/steps`, `/events/heart-rate`.
///
/// Each opens with the reading's `availability` event and subscribes to the provider for as long as the client
/// stays; the subscription is cancelled when the connection ends. Events are encoded on the provider's thread, a
/// motion update once for all the streams it is due for.
enum ReadingEvents {
    static func install(
        on router: inout HTTPRouter, provider: any ReadingsProvider, now: @escaping @Sendable () -> Double
    ) {
        let motionEvents = LatestEncoding()
        router.add(.get, "/events/motion") { request in
            let text = request.query["interval"] ?? "0.1"
            guard let interval = Double(text), ReadingsWebRoutes.motionIntervals.contains(interval) else {
                return ReadingsWebRoutes.refuse("interval must be a number of seconds from 0.01 to 10")
            }
            return .eventStream { stream in
                start(stream, .motion, provider) { handler in
                    provider.subscribeMotion(interval: interval) { update in
                        handler(update) { estimate in
                            motionEvents.bytes(at: estimate.t) {
                                ServerSentEvent(event: "motion", data: ReadingJSON.motion(estimate)).encoded
                            }
                        }
                    }
                }
            }
        }
        router.add(.get, "/events/steps") { _ in
            .eventStream { stream in
                if let today = try? provider.stepsToday() {
                    stream.send(ServerSentEvent(event: "today", data: ReadingJSON.stepsToday(today).rendered))
                }
                start(stream, .steps, provider) { handler in
                    provider.subscribeSteps { update in
                        handler(update) { ServerSentEvent(event: "steps", data: ReadingJSON.steps($0).rendered).encoded }
                    }
                }
            }
        }
        router.add(.get, "/events/heart-rate") { _ in
            .eventStream { stream in
                if let latest = try? provider.latestHeartRate() {
                    let data = ReadingJSON.heartRateSample(latest, now: now()).rendered
                    stream.send(ServerSentEvent(event: "latest", data: data))
                }
                start(stream, .heartRate, provider) { handler in
                    provider.subscribeHeartRate { update in
                        handler(update) { ServerSentEvent(event: "beat", data: ReadingJSON.beat($0).rendered).encoded }
                    }
                }
            }
        }
    }

    /// Turns an update into the encoded event `encode` makes of a reading, or an `availability` event.
    typealias Relay<Reading: Sendable> = @Sendable (ReadingUpdate<Reading>, (Reading) -> [UInt8]) -> Void

    /// Sends `kind`'s availability, subscribes through `subscribe` and cancels when the connection ends.
    private static func start<Reading: Sendable>(
        _ stream: EventStream, _ kind: ReadingKind, _ provider: any ReadingsProvider,
        subscribe: (@escaping Relay<Reading>) -> any ReadingSubscription
    ) {
        stream.send(availabilityEvent(provider.availability(of: kind)))
        let subscription = subscribe { update, encode in
            switch update {
            case .reading(let reading): stream.send(encoded: encode(reading))
            case .availability(let availability): stream.send(availabilityEvent(availability))
            }
        }
        stream.onClose { subscription.cancel() }
    }

    private static func availabilityEvent(_ availability: ReadingAvailability) -> ServerSentEvent {
        ServerSentEvent(event: "availability", data: ReadingJSON.availability(availability).rendered)
    }
}
