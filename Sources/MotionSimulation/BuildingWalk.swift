import MotionMath

/// A person's day in a building, exactly: the altitude at every moment, the step times and the flights taken by
/// stairs, from a list of `BuildingActivity`. `SimulatedBarometer` turns it into a sensor's samples.
///
/// Stairs: each floor is two half flights of `Settings.risersPerFloor / 2` steps, each step rising
/// `floorHeight / risersPerFloor` (smoothly over the step), with `Settings.landingSteps` level steps on the landing
/// between them and on arrival. A lift ride rises with a raised-cosine speed profile of peak `Settings.liftSpeed`
/// between `Settings.liftDoorTime` s of doors at each end, standing. Flights are counted as a person would: one per
/// floor taken by stairs; lifts, doors and weather count none.
public struct BuildingWalk: Sendable {
    /// The demo of `altitude --source sim` (4 minutes): standing, a walk, 2 floors up the stairs, a walk, the lift 2
    /// floors down, a door slammed while standing, a walk, 1 floor down the stairs and back up.
    public static let demo: [BuildingActivity] = [
        .stand(10), .walk(20), .stairs(floors: 2), .walk(30), .stand(5), .lift(floors: -2), .walk(15),
        .pressureStep(pascals: 40, decay: 1.5), .stand(20), .walk(20), .stairs(floors: -1), .walk(10),
        .stairs(floors: 1), .walk(15), .stand(10),
    ]

    /// The settings.
    public let settings: Settings
    /// The altitude over time, in time order, covering `0...duration`.
    public private(set) var stretches: [Stretch] = []
    /// The true step times, s.
    public private(set) var stepTimes: [Double] = []
    /// The pressure disturbances.
    public private(set) var disturbances: [Disturbance] = []
    /// Floors taken up and down by stairs.
    public private(set) var floorsAscended = 0
    public private(set) var floorsDescended = 0
    /// The end of the last activity, s.
    public private(set) var duration = 0.0
    private var altitude = 0.0

    /// The day of `activities` in a building of `settings`.
    public init(activities: [BuildingActivity], settings: Settings = Settings()) {
        self.settings = settings
        for activity in activities { add(activity) }
    }

    /// The true altitude at `time` s, m above the start.
    public func altitude(at time: Double) -> Double {
        var low = 0
        var high = stretches.count - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if stretches[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        let s = stretches[low]
        let u = s.end > s.start ? min(1, max(0, (time - s.start) / (s.end - s.start))) : 1
        let shape = s.raisedCosine ? (1 - Elementary.cos(Double.pi * u)) / 2 : u
        return s.from + (s.to - s.from) * shape
    }

    /// The disturbances' pressure at `time` s, Pa.
    public func disturbance(at time: Double) -> Double {
        var sum = 0.0
        for d in disturbances where time >= d.start && time < d.end {
            sum += d.decay.map { d.pascals * Elementary.exp(-(time - d.start) / $0) } ?? d.pascals
        }
        return sum
    }

    /// The steps as the step detector counts them: each walk (steps at most 2 s apart) of at least `minimumSteps`
    /// steps counted from its first step, the steps of its first `recognition` s only at that time (when the walk is
    /// recognised) and the rest 0.3 s after they happen; shorter walks not at all. In the order counted.
    public func countedSteps(recognition: Double = 6, minimumSteps: Int = 8) -> [(counted: Double, time: Double)] {
        var counted: [(counted: Double, time: Double)] = []
        var start = 0
        while start < stepTimes.count {
            var end = start + 1
            while end < stepTimes.count, stepTimes[end] - stepTimes[end - 1] <= 2 { end += 1 }
            if end - start >= minimumSteps {
                let recognised = min(stepTimes[start] + recognition, stepTimes[end - 1])
                for time in stepTimes[start..<end] { counted.append((max(time + 0.3, recognised), time)) }
            }
            start = end
        }
        return counted
    }

    private mutating func hold(_ seconds: Double) {
        stretches.append(
            Stretch(start: duration, end: duration + seconds, from: altitude, to: altitude, raisedCosine: false))
        duration += seconds
    }

    private mutating func steps(_ count: Int, cadence: Double, rise: Double) {
        for _ in 0..<count {
            stepTimes.append(duration + 0.5 / cadence)
            let next = altitude + rise
            stretches.append(
                Stretch(start: duration, end: duration + 1 / cadence, from: altitude, to: next, raisedCosine: false))
            altitude = next
            duration += 1 / cadence
        }
    }

    private mutating func add(_ activity: BuildingActivity) {
        switch activity {
        case .stand(let seconds):
            hold(max(0, seconds))
        case .walk(let seconds):
            endHeldDisturbances()
            steps(Int((max(0, seconds) * settings.cadence).rounded()), cadence: settings.cadence, rise: 0)
        case .stairs(let floors, let pauseAfter, let pause):
            endHeldDisturbances()
            let up = floors > 0
            let cadence = up ? settings.stairsUpCadence : settings.stairsDownCadence
            let rise = (up ? 1 : -1) * settings.floorHeight / Double(settings.risersPerFloor)
            for floor in 0..<abs(floors) {
                steps(settings.risersPerFloor / 2, cadence: cadence, rise: rise)
                steps(settings.landingSteps, cadence: cadence, rise: 0)
                steps(settings.risersPerFloor - settings.risersPerFloor / 2, cadence: cadence, rise: rise)
                steps(settings.landingSteps, cadence: cadence, rise: 0)
                if floor == pauseAfter { hold(pause) }
            }
            if up { floorsAscended += floors } else { floorsDescended -= floors }
        case .lift(let floors):
            hold(settings.liftDoorTime)
            let height = Double(floors) * settings.floorHeight
            let ride = 2 * abs(height) / settings.liftSpeed + 1
            let to = altitude + height
            stretches.append(Stretch(start: duration, end: duration + ride, from: altitude, to: to, raisedCosine: true))
            altitude = to
            duration += ride
            hold(settings.liftDoorTime)
        case .pressureStep(let pascals, let decay):
            let end = decay.map { duration + 8 * $0 } ?? .infinity
            disturbances.append(Disturbance(start: duration, end: end, pascals: pascals, decay: decay))
        }
    }

    /// A held disturbance (ventilation of a room) ends when the person walks away.
    private mutating func endHeldDisturbances() {
        for i in disturbances.indices where disturbances[i].end == .infinity {
            disturbances[i].end = duration
        }
    }
}
