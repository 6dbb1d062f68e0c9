import BodyReadings

/// A consumer writing to the console, with the console's closed stdout (`ConsoleError.closed`, EPIPE) reported to
/// the pipeline as `OutputClosed`, so that `stream | head` ends the run cleanly instead of failing.
struct ConsoleConsumer<Base: UpdateConsumer>: UpdateConsumer {
    var base: Base

    mutating func receive(_ update: Base.Update) throws -> ConsumerDemand {
        do {
            return try base.receive(update)
        } catch ConsoleError.closed {
            throw OutputClosed()
        }
    }

    mutating func idle() throws {
        do {
            try base.idle()
        } catch ConsoleError.closed {
            throw OutputClosed()
        }
    }
}
