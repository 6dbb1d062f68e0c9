extension JSONValue {
    /// The number, when the value is one.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as a count, when it is a whole number from 0 to 2⁵³ (the integers a JSON number holds exactly);
    /// nil for a fraction, a negative or a larger number, so that a count read from outside never reaches a
    /// conversion to `Int` that traps.
    public var countValue: Int? {
        guard case .number(let value) = self, value >= 0, value <= 9_007_199_254_740_992, value == value.rounded()
        else { return nil }
        return Int(value)
    }

    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when the value is one (never a number: `1` is not `true`).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
