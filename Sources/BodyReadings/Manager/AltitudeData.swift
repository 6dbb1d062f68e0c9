/// One relative-altitude update of a `MotionManager`, like CoreMotion's `CMAltitudeData`.
public struct AltitudeData: Sendable, Hashable {
    /// Time of the pressure sample, s, on the samples' clock.
    public var timestamp: Double
    /// The change in altitude since the first update this run of updates delivered, m (0 on the first; up is
    /// positive). The barometer's: weather moves it too (≈ 8 m per hPa, ≈ 1 hPa over hours).
    public var relativeAltitude: Double
    /// The barometer's filtered pressure, kPa (CoreMotion's unit, and IIO's).
    public var pressure: Double

    public init(timestamp: Double, relativeAltitude: Double, pressure: Double) {
        self.timestamp = timestamp
        self.relativeAltitude = relativeAltitude
        self.pressure = pressure
    }
}
