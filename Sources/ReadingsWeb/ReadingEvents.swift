import HTTP
import ReadingFormats
import SystemSupport
import TextFormats

/// The event streams of the readings: `/events/motion`, `/events/steps`, `/events/heart-rate`, `/events/altitude`.
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
            withInterval(request, fallback: "0.1") { interval in
                .eventStream { stream in
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
        }
        router.add(.get, "/events/altitude") { request in
            withInterval(request, fallback: "1") { interval in
                .eventStream { stream in
                    start(stream, .altitude, provider) { handler in
                        provider.subscribeAltitude(interval: interval) { update in
                            handler(update) {
                                ServerSentEvent(event: "altitude", data: ReadingJSON.altitude($0).rendered).encoded
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

    /// The stream `open` makes for the request's `interval` (s; `fallback` without one), or 400 for an interval that
    /// is not a number of seconds in `ReadingsWebRoutes.motionIntervals`.
    private static func withInterval(_ request: HTTPRequest, fallback: String, _ open: (Double) -> HTTPReply)
        -> HTTPReply
    {
        guard let interval = Double(request.query["interval"] ?? fallback),
            ReadingsWebRoutes.motionIntervals.contains(interval)
        else {
            return ReadingsWebRoutes.refuse("interval must be a number of seconds from 0.01 to 10")
        }
        return open(interval)
    }

    /// Turns an update into the encoded event `encode` makes of a reading, or an `availability` event.
    typealias Relay<Reading: Sendable> = @Sendable (ReadingUpdate<Reading>, (Reading) -> [UInt8]) -> Void

    /// Sends `kind`'s availability, subscribes through `subscribe` and cancels when the connection ends.
    private static func start<Reading: Sendable>(
        _ stream: EventStream, _ kind: ServiceReading, _ provider: any ReadingsProvider,
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
