/// What discovery found in one IIO context.
public struct SensorInventory: Sendable, Hashable {
    /// The context URI that was opened.
    public var uri: String
    /// The libiio backend: `local`, `network`, `usb`, `xml`.
    public var backend: String
    /// libiio's description of the context.
    public var contextDescription: String
    /// Every motion and pulse sensor found, in context order.
    public var sensors: [DiscoveredSensor]
    /// Every hardware step counter found, in context order.
    public var stepCounters: [DiscoveredStepCounter]
    /// Every barometer found, in context order.
    public var barometers: [DiscoveredBarometer]
    /// True when attribute values (scale, offset, mount matrix, frequencies, trigger) could be read; false for
    /// `xml:` contexts, which only describe the devices.
    public var valuesAvailable: Bool

    public init(uri: String, backend: String, contextDescription: String, sensors: [DiscoveredSensor],
                stepCounters: [DiscoveredStepCounter] = [], barometers: [DiscoveredBarometer] = [],
                valuesAvailable: Bool) {
        self.uri = uri
        self.backend = backend
        self.contextDescription = contextDescription
        self.sensors = sensors
        self.stepCounters = stepCounters
        self.barometers = barometers
        self.valuesAvailable = valuesAvailable
    }

    /// The sensor of a kind a motion manager uses: for an accelerometer, the one of the preferred gyroscope's chip when
    /// there is one; otherwise the first buffered one, else the first one.
    public func preferred(_ kind: SensorKind) -> DiscoveredSensor? {
        let candidates = sensors.filter { $0.kind == kind }
        // An accelerometer of the gyroscope's own chip before any other: device motion fuses the two sensors of one
        // IMU, not a step counter's accelerometer that happens to come first.
        if kind == .accelerometer, let gyroscope = preferred(.gyroscope),
            let sameChip = candidates.first(where: { $0.isOnSameChip(as: gyroscope) })
        {
            return sameChip
        }
        return candidates.first { $0.captureMode == .buffered } ?? candidates.first
    }

    /// Like `CMMotionManager.isAccelerometerAvailable`.
    public var isAccelerometerAvailable: Bool { preferred(.accelerometer) != nil }
    /// Like `CMMotionManager.isGyroAvailable`.
    public var isGyroAvailable: Bool { preferred(.gyroscope) != nil }
    /// Like `CMMotionManager.isMagnetometerAvailable`.
    public var isMagnetometerAvailable: Bool { preferred(.magnetometer) != nil }
    /// Like `CMMotionManager.isDeviceMotionAvailable`: an accelerometer and a gyroscope.
    public var isDeviceMotionAvailable: Bool { isAccelerometerAvailable && isGyroAvailable }
    /// The hardware step counter a pedometer uses: the first one.
    public var preferredStepCounter: DiscoveredStepCounter? { stepCounters.first }
    /// Like `CMPedometer.isStepCountingAvailable`: a hardware step counter, or an accelerometer to count steps from.
    public var isStepCountingAvailable: Bool { preferredStepCounter != nil || isAccelerometerAvailable }
    /// The barometer an altimeter uses: the first one.
    public var preferredBarometer: DiscoveredBarometer? { barometers.first }
    /// Like `CMAltimeter.isRelativeAltitudeAvailable`: a barometer.
    public var isBarometerAvailable: Bool { preferredBarometer != nil }
    /// True when a pulse (PPG) sensor gives heart rate.
    public var isHeartRateAvailable: Bool { preferred(.ppg) != nil }
}
