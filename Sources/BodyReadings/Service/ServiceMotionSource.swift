import MotionMath
import ReadingFormats
import Sensors
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// The readings of a running `bodyreadings serve` as a `MotionSource`: every calibrated sample its sensors deliver
/// (a `raw` subscription with `every_sample`), so that a `Pipeline`, `MotionManager` or a command fuses, records or
/// counts them exactly as it would read the sensors themselves — while the service owns them and serves others.
///
/// A capture that asks for `.pressure` readings also gets the service's barometer, when it has one: each `altitude`
/// update as a `.pressure` reading of its (filtered) pressure, without a temperature (the service shares none).
///
/// The samples are calibrated by the service already (a stored calibration is not applied again). Updates the
/// service dropped because this client fell behind count as `droppedReadings`; the service stopping is an error
/// (`vanished`), as a device that goes away is.
public final class ServiceMotionSource: MotionSource, @unchecked Sendable {
    // @unchecked: `connection` reads are confined to the reading thread; `statistics` is guarded by `lock`;
    // `cancel` is thread-safe.

    public let info: MotionSourceInfo
    /// The connection to the service.
    public let connection: ServiceConnection
    private let lock = ThreadLock()
    private var counts = CaptureStatistics()
    private var started = false

    /// Connects to the service at `path` (nil: the user's socket if there is one, else the system service's).
    public init(path: String? = nil) throws(CaptureError) {
        let socket = path ?? Self.defaultPath()
        connection = try ServiceConnection(path: socket)
        let availability = connection.availability
        info = MotionSourceInfo(
            name: "serve \(socket): \(availability.source)", hasAccelerometer: availability.hasAccelerometer,
            hasGyroscope: availability.hasGyroscope, hasMagnetometer: availability.hasMagnetometer,
            maximumSampleRate: availability.maximumSampleRate, hasBarometer: availability.isAvailable(.altitude))
    }

    /// The socket a client uses without a path: the user's service if its socket exists, else the system's;
    /// `environment` decides where they are (default: this process's).
    public static func defaultPath(environment: [String: String] = ServiceSocketPath.processEnvironment) -> String {
        let candidates = ServiceSocketPath.candidates(environment: environment)
        return candidates.first(where: FileSystem.exists) ?? ServiceSocketPath.system(environment: environment)
    }

    public func start(_ configuration: CaptureConfiguration) throws(CaptureError) {
        guard info.hasAccelerometer || info.hasGyroscope else {
            throw CaptureError(.noMotionSensors, "the service at \(connection.path) has no motion sensors")
        }
        try connection.send(
            ServiceRequest(.subscribe(.raw, interval: configuration.updateInterval, everySample: true), id: .string("source")))
        while let event = try connection.next() {
            guard case .reply("subscribe", _, let ok, let error, _) = event else { continue }
            guard ok else {
                throw CaptureError(.notFound, "the service at \(connection.path) refused raw samples: \(error ?? "no reason")")
            }
            started = true
            configuration.log(.info("serve: reading \(connection.availability.source) through \(connection.path)"))
            if configuration.readings.contains(.pressure), connection.availability.isAvailable(.altitude) {
                try connection.send(ServiceRequest(.subscribe(.altitude, interval: 0, everySample: false)))
            }
            return
        }
    }

    public func read() throws(CaptureError) -> [SensorReading]? {
        guard started else { return nil }
        while let event = try connection.next() {
            switch event {
            case .raw(let sample):
                var readings: [SensorReading] = []
                readings.reserveCapacity(3)
                sample.appendReadings(to: &readings)
                return readings
            case .dropped(let count, _):
                lock.withLock { counts.droppedReadings += count }
            case .gap(let missed, _, _):
                lock.withLock { counts.missedSamples += missed }
            case .ended(.raw, let error):
                guard let error else { return nil }
                throw CaptureError(.vanished, "the service's sensors failed: \(error)")
            case .closing(let reason):
                throw CaptureError(.vanished, "the service at \(connection.path) stopped: \(reason)")
            case .reading(.altitude, let value):
                guard let t = value["t"]?.numberValue, let pressure = value["pressure"]?.numberValue else { continue }
                return [SensorReading(kind: .pressure, t: t, value: Vector3(pressure, .nan, 0))]
            case .hello, .motion, .reading, .reply, .ended:
                continue
            }
        }
        return nil
    }

    public func cancel() { connection.cancel() }

    public func stop() { connection.cancel() }

    public var statistics: CaptureStatistics { lock.withLock { counts } }
}
