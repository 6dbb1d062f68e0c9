import Foundation
import Pedometry
import Pulse
import TestSupport
import Testing

@testable import ReadingsStore

/// A store that cannot be written (here: another connection holds its write lock, as a full disk or a damaged file
/// would fail the writes): the recorder holds at most its bound for the next try, drops the oldest beyond it, and
/// counts every reading it could not write, also those a failed `close()` leaves.
@Suite struct RecorderLossTests {
    let file: StoreFile

    init() throws {
        file = try StoreFile()
    }

    /// A store whose writes wait at most 50 ms for the lock, and a connection holding that lock.
    func blockedStore() throws -> (ReadingsDatabase, SQLiteConnection) {
        let store = try ReadingsDatabase(
            path: file.path, access: .readWrite, settings: ReadingsDatabase.Settings(busyTimeout: 0.05))
        let other = try SQLiteConnection(path: file.path, access: .readWrite, busyTimeout: 10)
        return (store, other)
    }

    @Test func whatIsHeldIsBoundedAndWhatIsDroppedIsCounted() throws {
        let (store, other) = try blockedStore()
        let recorder = ReadingsRecorder(
            store: store, settings: ReadingsRecorder.Settings(flushInterval: 60, maximumPending: 10, maximumPendingMinutes: 5),
            clock: { 1_796_083_200 })
        // The recorder's start-up prune is a short write of its own: taking the lock waits for it.
        try other.execute("BEGIN IMMEDIATE")
        for minute in 0..<30 {
            let t = dayStart + Double(minute) * 60
            recorder.recordHeartRate(60, at: t)
            recorder.recordSteps(1, at: t)
        }
        for beat in 0..<20 { recorder.recordBeat(at: dayStart + Double(beat), rrInterval: 1, quality: .good) }
        #expect(recorder.pendingCount == 30 + 20 + 30 + 30)
        #expect(throws: StoreError.self) { try recorder.flush() }
        // 10 samples, 10 beats, the 5 latest minutes of steps and of heart rate.
        #expect(recorder.pendingCount == 10 + 10 + 5 + 5)
        #expect(recorder.lost == 20 + 10 + 25 + 25)
        #expect(recorder.lossCause?.failure == .busy)
        try other.execute("ROLLBACK")
        try recorder.close()
        #expect(recorder.lost == 80)
        #expect(try store.steps(in: TimeRange(start: 0, end: 4e9))?.steps == 5)
    }

    @Test func aFailedCloseCountsWhatItCouldNotWrite() throws {
        let (store, other) = try blockedStore()
        let recorder = manualRecorder(store)
        try other.execute("BEGIN IMMEDIATE")
        recorder.recordSteps(3, at: dayStart)
        recorder.recordBeat(at: dayStart, rrInterval: 0.9, quality: .good)
        #expect(recorder.lost == 0 && recorder.lossCause == nil)
        #expect(throws: StoreError.self) { try recorder.close() }
        // A steps minute, a heart-rate minute and the beat.
        #expect(recorder.lost == 3)
        #expect(recorder.pendingCount == 0)
        #expect(recorder.lossCause?.failure == .busy)
        try other.execute("ROLLBACK")
    }

    @Test func aFailedFlushReportsWhatIsHeldAndLost() throws {
        let (store, other) = try blockedStore()
        try other.execute("BEGIN IMMEDIATE")
        let reported = ReportedFailures()
        let recorder = ReadingsRecorder(
            store: store, settings: ReadingsRecorder.Settings(flushInterval: 0.05), clock: { 1_796_083_200 },
            onError: { reported.add($0) })
        recorder.recordSteps(1, at: dayStart)
        #expect(waitUntil { reported.first != nil })
        let failure = try #require(reported.first)
        #expect(failure.held == 1 && failure.lost == 0, "\(failure)")
        #expect(failure.description.hasSuffix("; 1 readings held for the next try, 0 lost"), "\(failure)")
        try other.execute("ROLLBACK")
        try recorder.close()
    }
}

/// The failures a recorder reported, from its flush thread.
private final class ReportedFailures: @unchecked Sendable {
    // @unchecked: `failures` is guarded by `lock`.
    private let lock = NSLock()
    private var failures: [FlushFailure] = []

    func add(_ failure: FlushFailure) { lock.withLock { failures.append(failure) } }

    /// The first failure that held a reading (the start-up prune may fail first, with nothing held).
    var first: FlushFailure? { lock.withLock { failures.first { $0.held > 0 } } }
}
