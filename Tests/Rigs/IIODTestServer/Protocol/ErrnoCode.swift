/// A positive errno value (`EINVAL`), as the protocol answers it negated.
struct ErrnoCode: Error, Hashable {
    var value: Int32
    init(_ value: Int32) { self.value = value }
}
