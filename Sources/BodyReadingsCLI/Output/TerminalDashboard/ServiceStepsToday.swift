/// The day's steps behind a service's step lines, which carry the service's running count (steps since it started):
/// today's stored count as the service's store answered it, plus the steps counted since that answer. Without an
/// answer (a service that keeps no store) the day's count is the running count, as the web provider gives it then.
struct ServiceStepsToday: Sendable, Equatable {
    /// Today's steps in the store when it answered; nil before an answer.
    private var stored: Int?
    /// The running count at the answer: of the last step line before it, else one below the first line after it.
    private var countAtAnswer: Int?
    /// The running count of the newest step line.
    private var lastCount: Int?

    init() {}

    /// The store answered `stored` steps today; the step lines seen so far are counted in it.
    mutating func answered(stored: Int) {
        self.stored = stored
        countAtAnswer = lastCount
    }

    /// The day's steps at a step line whose running count is `count`.
    mutating func today(at count: Int) -> Int {
        defer { lastCount = count }
        guard let stored else { return count }
        let reference = countAtAnswer ?? (count - 1)
        countAtAnswer = reference
        return stored + max(0, count - reference)
    }
}
