import BodyReadings
import Fusion
import Publishing

/// Fused motion to an MQTT broker (`publish`): each update the pipeline lets through goes to the publisher, which
/// batches it and returns at once. When the pipeline idles, the broker's news goes to stderr.
struct MotionPublishingConsumer: UpdateConsumer {
    let publisher: ReadingsPublisher
    let reporter: ConnectionReporter

    func receive(_ estimate: MotionEstimate) throws -> ConsumerDemand {
        publisher.publish(estimate)
        return .more
    }

    func idle() throws {
        reporter.flush()
    }
}
