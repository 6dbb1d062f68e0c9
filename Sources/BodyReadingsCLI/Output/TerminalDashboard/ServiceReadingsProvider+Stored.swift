// Apart from the live readings: BodyReadings (which the connection needs) has a HeartRateSample of its own that
// would make the store's ambiguous, and the module ReadingsStore cannot be named past its class ReadingsStore.
import ReadingFormats
import ReadingsStore
import ReadingsWeb

/// Stored readings over the service's socket: today's steps (a `history` request); the heart rate comes with each
/// beat and `bodyreadings history` reads the rest from the store itself, so the others throw with that reason.
extension ServiceReadingsProvider {
    func stepsToday() throws -> StepsBucket {
        let today = TimeRange.today()
        let stored = try storedStepsToday()
        return StepsBucket(start: today.start, end: today.end, steps: stored.steps, minutes: stored.minutes)
    }

    func history(_ query: HistoryQuery) throws -> History {
        throw ServiceProtocolError("stored readings are read with 'bodyreadings history', not over this connection")
    }

    func latestHeartRate() throws -> HeartRateSample? {
        throw ServiceProtocolError("the service's socket gives the heart rate with each beat")
    }
}
