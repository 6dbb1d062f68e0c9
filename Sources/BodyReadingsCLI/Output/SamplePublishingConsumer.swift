import BodyReadings
import MotionMath
import Publishing

/// Calibrated samples to an MQTT broker (`publish --raw`): `imu/data_raw`, and `imu/mag` with a magnetometer.
struct SamplePublishingConsumer: UpdateConsumer {
    let publisher: ReadingsPublisher
    let reporter: ConnectionReporter

    func receive(_ sample: IMUSample) throws -> ConsumerDemand {
        publisher.publish(sample)
        return .more
    }

    func idle() throws {
        reporter.flush()
    }
}
