import BodyReadings
import Fusion
import ReadingsWeb

/// What the terminal dashboard shows: for each of its four readings whether it is measured (and why not), the
/// latest value, and the recent past for the sparklines. A value; `DashboardReadings` keeps the live one, the
/// layout draws a copy. Times are the dashboard's monotonic clock, s, when an update arrived.
struct DashboardModel: Sendable {
    /// The heart rate's latest trusted value and the latest beat's quality.
    struct HeartRate: Sendable, Hashable {
        /// Beats/min of the newest beat that carried a heart rate; nil before the first.
        var rate: Double?
        /// When that rate arrived.
        var rateReceived: Double?
        /// The newest beat's quality.
        var quality: BeatQuality
        /// When the newest beat arrived.
        var received: Double
    }

    /// Steps of the day, cadence and activity.
    struct Steps: Sendable, Hashable {
        /// Steps of the local day so far.
        var today: Int
        /// Steps/min at the newest step; nil when only the day's count is known (from the store).
        var cadence: Double?
        /// Walking or running at the newest step.
        var activity: String?
        /// When the newest step (or the day's count) arrived.
        var received: Double
    }

    /// The barometer's newest altitude with the day's flights.
    struct Flights: Sendable, Hashable {
        /// The altitude and the day's floors.
        var update: AltitudeUpdate
        /// When it arrived.
        var received: Double
    }

    /// Seconds after which a heart rate counts as old: shown as the last one, not as the current one.
    static let heartRateFreshness = 10.0

    /// Where the readings come from, e.g. `sim (seed 1)` or `serve /run/bodyreadings/serve.sock`.
    var source: String
    /// Whether device motion is measured.
    var motionAvailability: ReadingAvailability = .available
    /// Whether steps are counted.
    var stepsAvailability: ReadingAvailability = .available
    /// Whether a heart rate is measured.
    var heartRateAvailability: ReadingAvailability = .available
    /// Whether a barometer's altitude (and the flights) is measured.
    var altitudeAvailability: ReadingAvailability = .available
    /// The newest device-motion update.
    var motion: MotionEstimate?
    /// The newest steps.
    var steps: Steps?
    /// True when no stored count of the day could be had (no readings store): the count is of the steps since the
    /// provider started, and the card says so.
    var stepsSinceStart = false
    /// The newest heartbeat.
    var heartRate: HeartRate?
    /// The newest altitude and the day's flights.
    var flights: Flights?
    /// The magnitude of user acceleration, the largest per second, m/s².
    var accelerationHistory = RecentSeries(bucket: 1, capacity: 600, combine: .maximum)
    /// Steps per 10 s (a bucket without a step is a measured pause: 0).
    var stepHistory = RecentSeries(bucket: 10, capacity: 600, combine: .sum, empty: 0)
    /// Heart rate per 5 s, beats/min.
    var heartRateHistory = RecentSeries(bucket: 5, capacity: 600, combine: .latest)
    /// The relative altitude per 5 s, m.
    var altitudeHistory = RecentSeries(bucket: 5, capacity: 600, combine: .latest)
    /// The newest note of the capture (a slow sensor, a restart), shown at the bottom.
    var note: String?

    init(source: String) {
        self.source = source
    }

    /// Takes a motion update that arrived at `now`.
    mutating func apply(_ update: ReadingUpdate<MotionEstimate>, at now: Double) {
        switch update {
        case .reading(let estimate):
            motion = estimate
            motionAvailability = .available
            accelerationHistory.add(estimate.userAcceleration.norm, at: now)
        case .availability(let availability):
            motionAvailability = availability
        }
    }

    /// Takes a step that arrived at `now`.
    mutating func apply(_ update: ReadingUpdate<StepsUpdate>, at now: Double) {
        switch update {
        case .reading(let update):
            steps = Steps(
                today: update.today, cadence: update.step.cadence, activity: update.step.activity.rawValue,
                received: now)
            stepsAvailability = .available
            stepHistory.add(1, at: now)
        case .availability(let availability):
            stepsAvailability = availability
        }
    }

    /// Takes a heartbeat that arrived at `now`.
    mutating func apply(_ update: ReadingUpdate<Beat>, at now: Double) {
        switch update {
        case .reading(let beat):
            var next = HeartRate(
                rate: heartRate?.rate, rateReceived: heartRate?.rateReceived, quality: beat.quality, received: now)
            if let rate = beat.heartRate {
                next.rate = rate
                next.rateReceived = now
                heartRateHistory.add(rate, at: now)
            }
            heartRate = next
            heartRateAvailability = .available
        case .availability(let availability):
            heartRateAvailability = availability
        }
    }

    /// Takes an altitude that arrived at `now`.
    mutating func apply(_ update: ReadingUpdate<AltitudeUpdate>, at now: Double) {
        switch update {
        case .reading(let update):
            flights = Flights(update: update, received: now)
            altitudeAvailability = .available
            if update.reading.relativeAltitude.isFinite { altitudeHistory.add(update.reading.relativeAltitude, at: now) }
        case .availability(let availability):
            altitudeAvailability = availability
        }
    }

    /// Takes the day's stored steps (read once at the start), unless a live step already said more.
    mutating func applyStepsToday(_ today: Int, at now: Double) {
        guard steps == nil else { return }
        steps = Steps(today: today, cadence: nil, activity: nil, received: now)
    }
}
