import Dispatch
import ReadingFormats
import SystemSupport
import TextFormats

/// A request of `ServiceReadingsProvider` waiting for its reply: the reading thread sets `result` and signals.
final class PendingReply: @unchecked Sendable {
    // @unchecked: `result` is written once, by the reading thread under the provider's lock, before `done` is
    // signalled, and read by the waiter only after the signal.

    /// Signalled when the reply arrived.
    let done = DispatchSemaphore(value: 0)
    /// The reply's body, or why the service refused the request.
    var result: Result<JSONValue, ServiceProtocolError>?
}
