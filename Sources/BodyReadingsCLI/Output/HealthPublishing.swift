import BodyReadings
import Publishing

/// Every step and every heartbeat of a capture to an MQTT publisher (`steps` and `heart_rate` topics, sent at
/// once): the part that `publish` and `serve --mqtt` share.
struct HealthPublishing: Sendable {
    private let steps: UpdateFanOut<Step>
    private let beats: UpdateFanOut<Beat>
    private let stepSubscription: UpdateFanOut<Step>.Subscription
    private let beatSubscription: UpdateFanOut<Beat>.Subscription

    /// Publishes what `steps` and `beats` deliver with `publisher` until `stop()`.
    init(steps: UpdateFanOut<Step>, beats: UpdateFanOut<Beat>, publisher: ReadingsPublisher) {
        self.steps = steps
        self.beats = beats
        stepSubscription = steps.subscribe(interval: 0) { step in
            publisher.publish(
                StepsReading(t: step.time, steps: step.count, cadence: step.cadence, activity: step.activity.rawValue))
        }
        beatSubscription = beats.subscribe(interval: 0) { beat in
            publisher.publish(
                HeartRateReading(
                    t: beat.time, heartRate: beat.heartRate, rrInterval: beat.rrInterval, quality: beat.quality.rawValue))
        }
    }

    /// Stops publishing.
    func stop() {
        steps.unsubscribe(stepSubscription)
        beats.unsubscribe(beatSubscription)
    }
}
