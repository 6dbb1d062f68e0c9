/// What an `Altimeter` reports for one pressure sample, like CoreMotion's `CMAltitudeData`.
public struct AltitudeReading: Sendable, Hashable {
    /// The sample's time, s.
    public var t: Double
    /// The filtered pressure, kPa (IIO's unit, and CoreMotion's).
    public var pressure: Double
    /// The height above where the altimeter started, m (filtered; weather moves it too, ≈ 8 m per hPa).
    public var relativeAltitude: Double

    /// A reading with the given fields.
    public init(t: Double, pressure: Double, relativeAltitude: Double) {
        self.t = t
        self.pressure = pressure
        self.relativeAltitude = relativeAltitude
    }
}
