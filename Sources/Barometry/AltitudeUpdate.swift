/// An altimeter reading with the flights climbed while walking so far (`FlightCounter`, on the same capture's steps),
/// like `CMAltitudeData` beside `CMPedometerData`'s floors: what a capture with a barometer publishes for every
/// pressure reading, and what the web API's altitude stream delivers with the day's flights.
public struct AltitudeUpdate: Sendable, Hashable {
    /// The filtered pressure and the height above the capture's first pressure reading.
    public var reading: AltitudeReading
    /// Floors climbed up while walking (since the capture started, or today).
    public var floorsAscended: Int
    /// Floors walked down (since the capture started, or today).
    public var floorsDescended: Int

    /// The reading's time, s.
    public var t: Double { reading.t }

    /// An update of `reading` with the floors counted so far.
    public init(reading: AltitudeReading, floorsAscended: Int, floorsDescended: Int) {
        self.reading = reading
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }
}
