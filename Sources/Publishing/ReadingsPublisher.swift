import Barometry
import Fusion
import MQTT
import MotionMath
import Pedometry
import Pulse
import SystemSupport
import TextFormats

/// Publishes a board's readings to an MQTT broker: device motion, raw IMU samples, steps, heartbeats, altitude and
/// flights as JSON (``ReadingPayload``), batched per ``Settings/batchPeriod``, with a retained `status` topic that says
/// `online` on every connection and `offline` on a clean stop or, as the last will, when the board dies.
///
/// Takes the readings' own types (`MotionEstimate`, `IMUSample`, `Step`, `Beat`, `AltitudeReading`), so any pipeline
/// can feed it. Thread-safe; the `publish` calls return at once (the network work happens on the ``MQTTPublisher``'s
/// thread).
public final class ReadingsPublisher: Sendable {
    private let settings: Settings
    private let publisher: MQTTPublisher
    private let lock = ThreadLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private var state: PublishingState

    /// Starts connecting. Throws only when the system cannot make a thread's self-pipe.
    public init(_ settings: Settings, events: @escaping @Sendable (MQTTPublisherEvent) -> Void = { _ in })
        throws(MQTTError)
    {
        self.settings = settings
        let layout = settings.layout
        var configuration = MQTTPublisher.Configuration(
            host: settings.broker.host, port: settings.broker.port, clientID: settings.clientID)
        configuration.username = settings.broker.username
        configuration.password = settings.broker.password
        if settings.broker.usesTLS {
            configuration.tls = settings.tls ?? MQTTTLSConfiguration(caDirectory: "/etc/ssl/certs")
        }
        configuration.will = MQTTMessage(
            topic: layout.status, payload: ReadingPayload.status(deviceID: layout.deviceID, online: false),
            qos: .atLeastOnce, retain: true)
        configuration.keepAlive = settings.keepAlive
        configuration.limits = settings.limits
        configuration.backOff = settings.backOff
        let discovery =
            settings.homeAssistant
            ? HomeAssistantDiscovery.configurations(
                for: layout, prefix: settings.discoveryPrefix, barometer: settings.barometer) : []
        let clock = settings.wallClock
        configuration.onConnect = { statistics in
            [Self.status(layout, online: true, time: clock(), statistics: statistics)] + discovery
        }
        state = PublishingState(batchPeriod: settings.batchPeriod)
        publisher = try MQTTPublisher(configuration, events: events)
    }

    /// Waits up to `timeout` seconds for the first connection (see ``MQTTPublisher/waitUntilConnected(timeout:)``).
    public func waitUntilConnected(timeout: Double) throws(MQTTError) -> Bool {
        try publisher.waitUntilConnected(timeout: timeout)
    }

    /// The publisher's counts now.
    public var statistics: MQTTPublisherStatistics { publisher.statistics }

    /// Publishes a device-motion update on `imu/data` (batched).
    public func publish(_ motion: MotionEstimate) {
        batch(motion.t, on: .deviceMotion) { ReadingPayload.sample(motion, time: $0) }
    }

    /// Publishes a calibrated IMU sample on `imu/data_raw`, and its magnetometer reading on `imu/mag` (batched).
    public func publish(_ sample: IMUSample) {
        batch(sample.t, on: .rawIMU) { ReadingPayload.rawSample(sample, time: $0) }
        if let field = sample.magnetometer {
            batch(sample.t, on: .magneticField) {
                ReadingPayload.magneticSample(t: sample.t, field: field, time: $0)
            }
        }
    }

    /// Publishes a step on `steps` at once.
    public func publish(_ step: Step) {
        send(settings.layout.steps, [ReadingPayload.sample(step, time: unixTime(of: step.t))])
    }

    /// Publishes a barometer reading on `altitude` (batched).
    public func publish(_ altitude: AltitudeReading) {
        batch(altitude.t, on: .altitude) { ReadingPayload.sample(altitude, time: $0) }
    }

    /// Publishes the day's flights, as of the readings' time `t`, on `flights` at once.
    public func publishFlights(at t: Double, ascended: Int, descended: Int) {
        let sample = ReadingPayload.flights(t: t, ascended: ascended, descended: descended, time: unixTime(of: t))
        send(settings.layout.flights, [sample])
    }

    /// Publishes a heartbeat on `heart_rate` at once.
    public func publish(_ beat: Beat) {
        send(settings.layout.heartRate, [ReadingPayload.sample(beat, time: unixTime(of: beat.t))])
    }

    /// Sends the unfinished batches, lets the queue drain for up to `drainTimeout` seconds, publishes the retained
    /// `offline` status with the final counts, and disconnects. Returns the final counts.
    @discardableResult
    public func stop(drainTimeout: Double = 2) -> MQTTPublisherStatistics {
        let layout = settings.layout
        let remaining = lock.withLock { state.flush() }
        for (topic, samples) in remaining { send(topic.topic(in: layout), samples) }
        let clock = settings.wallClock
        return publisher.stop(
            final: { Self.status(layout, online: false, time: clock(), statistics: $0) }, drainTimeout: drainTimeout)
    }

    // MARK: Internals

    private func batch(_ t: Double, on topic: BatchedTopic, _ sample: (Double) -> JSONValue) {
        let now = settings.wallClock()
        let (finished, statusDue) = lock.withLock { () -> ([JSONValue]?, Bool) in
            let time = state.time(for: t, clock: { now })
            return (state.add(sample(time), t: t, to: topic), state.statusDue(now: now, period: settings.statusPeriod))
        }
        if let finished { send(topic.topic(in: settings.layout), finished) }
        if statusDue {
            publisher.publishLatest(
                Self.status(settings.layout, online: true, time: now, statistics: statistics))
        }
    }

    /// The Unix time of the readings' time `t`.
    private func unixTime(of t: Double) -> Double {
        lock.withLock { state.time(for: t, clock: settings.wallClock) }
    }

    private func send(_ topic: String, _ samples: [JSONValue]) {
        let payload = ReadingPayload.batch(deviceID: settings.layout.deviceID, samples: samples)
        publisher.publish(MQTTMessage(topic: topic, payload: payload, qos: settings.qos))
    }

    private static func status(
        _ layout: TopicLayout, online: Bool, time: Double, statistics: MQTTPublisherStatistics
    ) -> MQTTMessage {
        MQTTMessage(
            topic: layout.status,
            payload: ReadingPayload.status(deviceID: layout.deviceID, online: online, time: time, statistics: statistics),
            qos: .atLeastOnce, retain: true)
    }
}
