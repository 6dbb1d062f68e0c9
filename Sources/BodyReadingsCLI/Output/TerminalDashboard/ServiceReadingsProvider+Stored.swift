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

    func latestHeartRate() throws -> StoredHeartRate? {
        throw ServiceProtocolError("the service's socket gives the heart rate with each beat")
    }
}
