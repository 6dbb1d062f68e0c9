/// One barometer reading as the altitude stream delivers it: the altitude and the day's flights so far.
public struct FlightsUpdate: Sendable, Hashable {
    /// The reading's time, s, on the readings' clock.
    public var time: Double
    /// The filtered pressure, kPa.
    public var pressure: Double
    /// The height above where the altimeter started, m.
    public var relativeAltitude: Double
    /// Floors climbed up while walking today (stored and live).
    public var floorsAscended: Int
    /// Floors walked down today (stored and live).
    public var floorsDescended: Int

    public init(time: Double, pressure: Double, relativeAltitude: Double, floorsAscended: Int, floorsDescended: Int) {
        self.time = time
        self.pressure = pressure
        self.relativeAltitude = relativeAltitude
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }
}
