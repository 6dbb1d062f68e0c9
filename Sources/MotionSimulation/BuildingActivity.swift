/// One thing a person does in a simulated building (`BuildingWalk`).
public enum BuildingActivity: Sendable, Hashable {
    /// Standing still for the duration, s.
    case stand(Double)
    /// Walking on the level for the duration, s.
    case walk(Double)
    /// Taking the stairs up (positive) or down (negative) this many floors, pausing on the landing of the floor at
    /// index `pauseAfter` (0-based, nil: no pause) for `pause` s.
    case stairs(floors: Int, pauseAfter: Int? = nil, pause: Double = 0)
    /// Riding the lift up (positive) or down (negative) this many floors, standing: doors closing, the ride, doors
    /// opening.
    case lift(floors: Int)
    /// A door slam or the ventilation while standing: the pressure jumps by `pascals` and decays back with the time
    /// constant `decay` s (nil: it stays until the next walk).
    case pressureStep(pascals: Double, decay: Double?)
}
