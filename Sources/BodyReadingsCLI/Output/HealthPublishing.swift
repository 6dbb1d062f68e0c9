import BodyReadings
import Publishing

/// Every step and every heartbeat of a capture to an MQTT publisher (`steps` and `heart_rate` topics, sent at
/// once) and, with a barometer, its altitude (`altitude`, every `interval` seconds of sample time) and the day's
/// flights (`flights`, when the first altitude comes and at every floor): the part that `publish` and
/// `serve --mqtt` share.
struct HealthPublishing: Sendable {
    private let steps: UpdateFanOut<Step>
    private let beats: UpdateFanOut<Beat>
    private let altitude: UpdateFanOut<AltitudeUpdate>?
    private let stepSubscription: UpdateFanOut<Step>.Subscription
    private let beatSubscription: UpdateFanOut<Beat>.Subscription
    private let altitudeSubscriptions: [UpdateFanOut<AltitudeUpdate>.Subscription]

    /// Publishes what `steps`, `beats` and `altitude` (nil: no barometer) deliver with `publisher` until `stop()`:
    /// the altitude every `interval` seconds, the flights as `flightsToday` counts them (the store's count of the
    /// day plus those since; nil: the capture's own).
    init(
        steps: UpdateFanOut<Step>, beats: UpdateFanOut<Beat>, altitude: UpdateFanOut<AltitudeUpdate>? = nil,
        interval: Double = 0, flightsToday: (@Sendable (AltitudeUpdate) -> (ascended: Int, descended: Int))? = nil,
        publisher: ReadingsPublisher
    ) {
        self.steps = steps
        self.beats = beats
        self.altitude = altitude
        stepSubscription = steps.subscribe(interval: 0) { publisher.publish($0) }
        beatSubscription = beats.subscribe(interval: 0) { publisher.publish($0) }
        guard let altitude else {
            altitudeSubscriptions = []
            return
        }
        let published = PublishedFlights()
        let flights = altitude.subscribe(interval: 0) { update in
            let floors = flightsToday?(update) ?? (ascended: update.floorsAscended, descended: update.floorsDescended)
            if published.change(to: floors) {
                publisher.publishFlights(at: update.reading.t, ascended: floors.ascended, descended: floors.descended)
            }
        }
        let samples = altitude.subscribe(interval: interval) { publisher.publish($0.reading) }
        altitudeSubscriptions = [flights, samples]
    }

    /// Stops publishing.
    func stop() {
        steps.unsubscribe(stepSubscription)
        beats.unsubscribe(beatSubscription)
        for subscription in altitudeSubscriptions { altitude?.unsubscribe(subscription) }
    }
}
