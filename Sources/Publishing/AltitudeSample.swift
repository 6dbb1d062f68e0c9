/// One barometer reading to publish on `altitude`.
public struct AltitudeSample: Sendable, Hashable {
    /// When it was measured, s, on the readings' clock.
    public var t: Double
    /// The filtered pressure, kPa.
    public var pressure: Double
    /// The height above where the altimeter started, m.
    public var relativeAltitude: Double

    public init(t: Double, pressure: Double, relativeAltitude: Double) {
        self.t = t
        self.pressure = pressure
        self.relativeAltitude = relativeAltitude
    }
}
