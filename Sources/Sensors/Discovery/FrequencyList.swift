/// The sampling frequencies a sensor accepts, from its `…sampling_frequency_available` attribute.
///
/// The kernel ABI allows a list of discrete values (`"12.5 25 50 100"`) or a range in brackets
/// (`"[min step max]"`, as `read_avail` with `IIO_AVAIL_RANGE` prints it).
public enum FrequencyList: Sendable, Hashable {
    /// Discrete values in Hz, in the driver's order.
    case discrete([Double])
    /// Every `minimum + k·step` up to `maximum`, Hz.
    case range(minimum: Double, step: Double, maximum: Double)

    /// Parses the attribute text. Returns nil for an empty list, a non-number or non-finite or negative value, a
    /// range that is not three numbers with `minimum ≤ maximum` and `step ≥ 0`, or unbalanced brackets.
    public init?(parsing text: String) {
        let trimmed = text[...].trimmingWhitespace
        if trimmed.hasPrefix("[") || trimmed.hasSuffix("]") {
            guard trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count >= 2 else { return nil }
            let numbers = trimmed.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
                Double($0)
            }
            guard numbers.count == 3, let minimum = numbers[0], let step = numbers[1], let maximum = numbers[2],
                minimum.isFinite, step.isFinite, maximum.isFinite, minimum >= 0, step >= 0, minimum <= maximum
            else { return nil }
            self = .range(minimum: minimum, step: step, maximum: maximum)
            return
        }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard !words.isEmpty else { return nil }
        var values: [Double] = []
        for word in words {
            guard let value = Double(word), value.isFinite, value >= 0 else { return nil }
            values.append(value)
        }
        self = .discrete(values)
    }

    /// The highest frequency of the list, Hz.
    public var highest: Double {
        switch self {
        case .discrete(let values): values.max() ?? 0
        case .range(_, _, let maximum): maximum
        }
    }

    /// True when `frequency` is one of the discrete values (within 1e-6 Hz) or inside the range on a step.
    public func contains(_ frequency: Double) -> Bool {
        switch self {
        case .discrete(let values):
            return values.contains { abs($0 - frequency) <= 1e-6 }
        case .range(let minimum, let step, let maximum):
            guard frequency >= minimum - 1e-6, frequency <= maximum + 1e-6 else { return false }
            guard step > 0 else { return true }
            let steps = (frequency - minimum) / step
            return abs(steps - steps.rounded()) <= 1e-6
        }
    }

    /// The supported frequency closest to `frequency` (ties go to the higher one).
    public func nearest(to frequency: Double) -> Double {
        switch self {
        case .discrete(let values):
            return values.min { a, b in
                let da = abs(a - frequency)
                let db = abs(b - frequency)
                return da == db ? a > b : da < db
            } ?? frequency
        case .range(let minimum, let step, let maximum):
            let clamped = min(max(frequency, minimum), maximum)
            guard step > 0 else { return clamped }
            return min(minimum + ((clamped - minimum) / step).rounded() * step, maximum)
        }
    }
}

extension FrequencyList: CustomStringConvertible {
    /// The attribute spelling: `12.5 25 50` or `[1 1 100]`.
    public var description: String {
        switch self {
        case .discrete(let values): values.map(\.sysfsText).joined(separator: " ")
        case .range(let minimum, let step, let maximum):
            "[\(minimum.sysfsText) \(step.sysfsText) \(maximum.sysfsText)]"
        }
    }
}
