/// Raised by `Console.flush()` when stdout can no longer be written.
public enum ConsoleError: Error, Equatable {
    /// The reader closed the pipe (EPIPE): a normal way for a stream to end.
    case closed
    /// Any other write error, with its errno.
    case failed(errno: Int32)
}
