import Foundation

/// A value shared between a test and the threads that deliver to it.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    public var value: Value { lock.withLock { stored } }

    public func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
