import BodyReadings
import Fusion
import MotionMath
import Publishing

/// A pipeline's updates to an MQTT broker (`publish`): each update it lets through goes to the publisher, which
/// batches it and returns at once — fused motion on `imu/data`, or with `--raw` calibrated samples on `imu/data_raw`
/// (and `imu/mag` with a magnetometer). When the pipeline idles, the broker's news goes to stderr.
struct PublishingConsumer<Update>: UpdateConsumer {
    let reporter: ConnectionReporter
    private let send: (Update) -> Void

    func receive(_ update: Update) throws -> ConsumerDemand {
        send(update)
        return .more
    }

    func idle() throws {
        reporter.flush()
    }
}

extension PublishingConsumer where Update == MotionEstimate {
    /// Fused motion to `publisher`.
    init(motionTo publisher: ReadingsPublisher, reporter: ConnectionReporter) {
        self.reporter = reporter
        send = { publisher.publish($0) }
    }
}

extension PublishingConsumer where Update == IMUSample {
    /// Calibrated samples to `publisher`.
    init(samplesTo publisher: ReadingsPublisher, reporter: ConnectionReporter) {
        self.reporter = reporter
        send = { publisher.publish($0) }
    }
}
