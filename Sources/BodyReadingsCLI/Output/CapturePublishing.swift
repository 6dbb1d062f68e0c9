import BodyReadings
import Fusion
import Publishing
import Service

/// `serve --mqtt`: the service's device motion and altitude (at its own interval), steps and heartbeats (every one)
/// and today's flights (at every floor) to an MQTT broker, as `publish` sends them — one more subscriber of the
/// capture, next to the socket's clients. The publisher returns at once, so the capture thread never waits for the
/// network.
final class CapturePublishing: Sendable {
    private let capture: ServiceCapture
    private let publisher: ReadingsPublisher
    private let reporter: ConnectionReporter
    private let subscription: UpdateFanOut<MotionEstimate>.Subscription
    private let health: HealthPublishing
    private let demand: UInt64

    /// Publishes `capture`'s motion and altitude every `interval` seconds with `publisher`, and the day's flights
    /// (`flightsToday`, the store's count plus those since; nil: the capture's) when the first altitude comes and at
    /// every floor.
    init(
        capture: ServiceCapture, interval: Double, publisher: ReadingsPublisher, reporter: ConnectionReporter,
        flightsToday: (@Sendable (AltitudeUpdate) -> (ascended: Int, descended: Int))? = nil
    ) {
        self.capture = capture
        self.publisher = publisher
        self.reporter = reporter
        demand = capture.demand(interval: interval)
        subscription = capture.motion.subscribe(interval: interval) { estimate in
            publisher.publish(estimate)
        }
        health = HealthPublishing(
            steps: capture.steps, beats: capture.beats, altitude: capture.hasBarometer ? capture.altitude : nil,
            interval: interval, flightsToday: flightsToday, publisher: publisher)
    }

    /// Prints the broker's news (on the command's thread).
    func flush() {
        reporter.flush()
    }

    /// Stops publishing: the last batch, the `offline` status, the closing counts on stderr.
    func stop(console: Console) {
        capture.motion.unsubscribe(subscription)
        health.stop()
        capture.release(demand)
        let final = publisher.stop()
        reporter.flush()
        MQTTOptions.report(final, console: console)
    }
}
