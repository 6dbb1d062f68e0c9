/// A ``ReadingSubscription`` that runs a closure when cancelled (every call): for providers whose subscriptions
/// are an unsubscribe call, and for `none` (a reading that never delivers).
public struct CancellingSubscription: ReadingSubscription {
    private let cancellation: @Sendable () -> Void

    /// A subscription whose ``cancel()`` runs `cancel`; it must be harmless to run twice.
    public init(_ cancel: @escaping @Sendable () -> Void) {
        cancellation = cancel
    }

    /// A subscription with nothing to stop.
    public static let none = CancellingSubscription {}

    public func cancel() {
        cancellation()
    }
}
