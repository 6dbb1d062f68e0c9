/// A Swift type an IIO attribute's text converts to and from: `String`, `Int`, `Double`, `Bool`.
///
/// Attribute text is parsed by Swift, not by libiio's `*_read_double` (which goes through C locale-dependent
/// `strtod` and, for channel formats, a `float`): `in_accel_scale` of `0.000598550` stays exactly that double.
public protocol AttributeValue {
    /// Parses attribute text (surrounding whitespace and the trailing newline are ignored); nil when it does not parse.
    init?(attributeText: String)
    /// The text written to the attribute.
    var attributeText: String { get }
}

extension String: AttributeValue {
    public init?(attributeText: String) { self = attributeText }
    public var attributeText: String { self }
}

extension Int: AttributeValue {
    public init?(attributeText: String) {
        guard let value = Int(attributeText.trimmedAttributeText) else { return nil }
        self = value
    }
    public var attributeText: String { String(self) }
}

extension Double: AttributeValue {
    /// Accepts decimal and exponent notation; rejects `nan`/`inf` and hexadecimal, which no IIO attribute means.
    public init?(attributeText: String) {
        let text = attributeText.trimmedAttributeText
        guard text.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(text), value.isFinite
        else { return nil }
        self = value
    }
    public var attributeText: String { String(self) }
}

extension Bool: AttributeValue {
    /// `1`/`0` (sysfs), also `true`/`false`, `Y`/`N` (module parameters).
    public init?(attributeText: String) {
        switch attributeText.trimmedAttributeText.lowercased() {
        case "1", "true", "y", "yes": self = true
        case "0", "false", "n", "no": self = false
        default: return nil
        }
    }
    public var attributeText: String { self ? "1" : "0" }
}

extension String {
    /// The text without surrounding spaces, tabs and newlines.
    var trimmedAttributeText: Substring {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            text = text.dropFirst()
        }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            text = text.dropLast()
        }
        return text
    }
}
