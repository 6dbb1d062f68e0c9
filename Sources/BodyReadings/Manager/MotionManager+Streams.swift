import Sensors

extension MotionManager {
    /// An async sequence on `channel`: `add` registers its consumer with the channel (under the manager's lock, with
    /// the sequence's identifier and continuation), the capture starts if none runs, and ending the iteration stops
    /// the capture once nothing else uses it. `prepare` runs first; when it or the start fails the sequence ends at
    /// once (see `lastError`).
    func stream<Update, Element>(
        of channel: UpdateChannel<Update>, bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        prepare: () throws(CaptureError) -> Void = {},
        add: @escaping (UpdateChannel<Update>, UInt64, AsyncStream<Element>.Continuation) -> Void
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: bufferingPolicy)
        let id = withLock { channel.reserveStreamID() }
        continuation.onTermination = { [weak self] _ in
            self?.stop(channel) { channel in
                channel.removeStream(id)
                return []
            }
        }
        do {
            try prepare()
            try start(channel) { add($0, id, continuation) }
        } catch {
            continuation.finish()
        }
        return stream
    }

    /// An async sequence of `channel`'s updates themselves (see `stream(of:bufferingPolicy:prepare:add:)`).
    func stream<Update>(
        of channel: UpdateChannel<Update>, bufferingPolicy: AsyncStream<Update>.Continuation.BufferingPolicy,
        prepare: () throws(CaptureError) -> Void = {}
    ) -> AsyncStream<Update> {
        stream(of: channel, bufferingPolicy: bufferingPolicy, prepare: prepare) { $0.addStream($1, $2) }
    }
}
