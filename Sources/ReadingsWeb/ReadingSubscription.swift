/// A running subscription of a ``ReadingsProvider``.
public protocol ReadingSubscription: Sendable {
    /// Stops the updates; no handler call starts after it returns. Calling it again does nothing.
    func cancel()
}
