/// Flights climbed, like CoreMotion's `CMPedometer` floors: the altitude (`Altimeter`) changes while walking, by the
/// floor (`Settings.floorHeight`, 3 m).
///
/// Walking is the step detector's: consecutive counted steps at most `Settings.pauseLimit` (2 s) apart are a walk, and
/// only the altitude change between them counts — a lift ride, a door or the ventilation changing the pressure while
/// the person stands counts nothing, and neither does anything between the last step of a walk and the first of the
/// next. A change between two steps faster than `Settings.maximumClimbRate` (1.2 m/s, twice a brisk climb) is no climb
/// either: the pressure jumping as a door opens or the person walks out of a ventilated room. The step detector counts
/// a walk's first steps only when it recognises the walk (up to 20 s later), with their own times; the counter keeps
/// the altitudes of the last `Settings.historySpan` s (30) so that such a step still gets the altitude at its time, and
/// the climb of a stair's first steps counts.
///
/// The altitude walked is the sum of those changes; a floor counts when it is `Settings.countFraction` (0.6) of a floor
/// above (below) the last floor counted, and the next floor is reckoned from a whole floor further. While the walk is
/// level (the climb rate over the last seconds, `Settings.rateTimeConstant`, under `Settings.levelRate`, 0.06 m/s —
/// stairs are 0.15–0.5 m/s) that reckoning follows the altitude walked with the time constant
/// `Settings.levelTimeConstant` (30 s): weather's ≈ 0.001 m/s and what is left of a half floor on level ground fade,
/// and a floor climbed counts once however long the walk on it.
public struct FlightCounter: Sendable {
    /// The parameters.
    public let settings: Settings
    /// Floors climbed up.
    public private(set) var floorsAscended = 0
    /// Floors walked down.
    public private(set) var floorsDescended = 0
    /// The altitude gained while walking, m (the sum of the changes between consecutive steps of a walk).
    public private(set) var walkedAltitude = 0.0
    private var history: AltitudeHistory
    private var anchor = 0.0
    private var rate = 0.0
    private var lastStep: (time: Double, altitude: Double)?

    /// A counter with `settings`.
    public init(settings: Settings = Settings()) {
        self.settings = settings
        history = AltitudeHistory(span: settings.historySpan, spacing: settings.historySpacing)
    }

    /// Feeds an altitude (`AltitudeReading.relativeAltitude`, m) at `time` s.
    public mutating func addAltitude(time: Double, altitude: Double) {
        guard time.isFinite, altitude.isFinite else { return }
        history.add(time: time, altitude: altitude)
    }

    /// Feeds a counted step at `time` s (in the order counted); returns the floors it completed: positive climbed,
    /// negative descended, 0 none.
    @discardableResult
    public mutating func addStep(time: Double) -> Int {
        guard time.isFinite, let altitude = history.altitude(at: time) else {
            lastStep = nil
            return 0
        }
        defer { lastStep = (time, altitude) }
        guard let last = lastStep, time > last.time, time - last.time <= settings.pauseLimit else {
            rate = 0
            return 0
        }
        let dt = time - last.time
        var change = altitude - last.altitude
        // Faster than anyone climbs stairs: a door or the ventilation changing the pressure as the person walks by.
        if abs(change) > settings.maximumClimbRate * dt { change = 0 }
        walkedAltitude += change
        rate += dt / (settings.rateTimeConstant + dt) * (change / dt - rate)
        if abs(rate) < settings.levelRate {
            anchor += dt / (settings.levelTimeConstant + dt) * (walkedAltitude - anchor)
        }
        let threshold = settings.countFraction * settings.floorHeight
        guard threshold > 0, threshold.isFinite, settings.floorHeight.isFinite else { return 0 }
        var floors = 0
        while walkedAltitude - anchor >= threshold {
            anchor += settings.floorHeight
            floors += 1
        }
        while walkedAltitude - anchor <= -threshold {
            anchor -= settings.floorHeight
            floors -= 1
        }
        if floors > 0 { floorsAscended += floors } else { floorsDescended -= floors }
        return floors
    }
}
