/// Turns the values of a hardware step counter — `bits` wide, wrapping from 2^bits − 1 to 0 — into the number of
/// steps counted since the first value read, which never decreases.
///
/// Between two reads the counter advances by (new − old) mod 2^bits. An advance of more than half the range cannot be
/// walked between two polls (2^23 steps for the BMA400's 24 bits): the counter was reset (the chip restarted, or the
/// driver cleared it), and it has counted `new` steps since.
struct StepCounterUnwrapper: Sendable {
    /// The counter's width, bits (1…62).
    let bits: Int
    /// The last value read, nil before the first.
    private(set) var previous: Int?
    /// Steps since the first value read.
    private(set) var total = 0

    init(bits: Int) {
        precondition((1...62).contains(bits), "a step counter is 1 to 62 bits wide")
        self.bits = bits
    }

    /// Takes the counter's value (it is reduced into the counter's range); returns the steps since the first one.
    mutating func update(_ value: Int) -> Int {
        let range = 1 << bits
        let current = ((value % range) + range) % range
        defer { previous = current }
        guard let previous else { return total }
        let advance = ((current - previous) % range + range) % range
        total += advance > range / 2 ? current : advance
        return total
    }
}
