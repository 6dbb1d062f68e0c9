// Apart from the live readings: BodyReadings (which the connection needs) has a HeartRateSample of its own that
// would make the store's ambiguous, and the module ReadingsStore cannot be named past its class ReadingsStore.
import ReadingFormats
import ReadingsStore
import ReadingsWeb

/// Stored readings are not read over the service's socket: the day's steps come with each step, the heart rate
/// with each beat, and `bodyreadings history` reads the store itself. The dashboard shows what the live readings
/// say; these throw with that reason.
extension ServiceReadingsProvider {
    func stepsToday() throws -> StepsBucket {
        throw ServiceProtocolError("the service's socket gives the day's steps with each step")
    }

    func history(_ query: HistoryQuery) throws -> History {
        throw ServiceProtocolError("stored readings are read with 'bodyreadings history', not over this connection")
    }

    func latestHeartRate() throws -> HeartRateSample? {
        throw ServiceProtocolError("the service's socket gives the heart rate with each beat")
    }
}
