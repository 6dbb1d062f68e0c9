import Barometry

/// What a capture with a barometer publishes for every pressure reading (`HealthReadings.altitude`): the altimeter's
/// reading and the flights climbed while walking since the capture started (`FlightCounter`, on the capture's own
/// steps), like `CMAltitudeData` beside `CMPedometerData`'s floors.
public struct AltitudeUpdate: Sendable, Hashable, Timestamped {
    /// The filtered pressure and the height above the capture's first pressure reading.
    public var reading: AltitudeReading
    /// Floors climbed up while walking since the capture started.
    public var floorsAscended: Int
    /// Floors walked down since the capture started.
    public var floorsDescended: Int

    /// An update of `reading` with the floors counted so far.
    public init(reading: AltitudeReading, floorsAscended: Int, floorsDescended: Int) {
        self.reading = reading
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }

    public var timestamp: Double { reading.time }
}
