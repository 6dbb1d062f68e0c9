// fuzz-json-value: TextFormats' one JSON parser (calibration files, the serve protocol, MQTT payloads).
// Any bytes parse or fail with a ParseError (no trap, no unbounded recursion); what parses renders, in all three
// renderings, to text that parses back to an equal value.
import FuzzSupport
import TextFormats

FuzzDriver.run { bytes in
    guard let value = try? JSONValue.parse(Array(bytes)) else { return }
    for text in [value.rendered, value.spacedRendered, value.prettyRendered()] {
        let again: JSONValue
        do {
            again = try JSONValue.parse(Array(text.utf8))
        } catch {
            fatalError("rendering does not parse back (\(error)): \(text)")
        }
        check(again == value, "round trip changed the value: \(text)")
    }
}
