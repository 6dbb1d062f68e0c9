// fuzz-double-text: TextFormats' number parsing and formatting against the C library.
// - `DoubleText.parse` accepts exactly its documented grammar (`[+-]digits[.digits][(e|E)[+-]digits]`, `.5`, `5.`,
//   `nan`, `inf`, `infinity`), with the value `strtod` gives, bit for bit: the fast exact path must round like it.
// - `parsePrefix` never claims more bytes than it was given.
// - Every finite value's shortest text parses back to the same value, with no more digits than Swift's description.
// - `FixedDecimal` renders any value without trapping.
import FuzzSupport
import Glibc
import TextFormats

func strtodWhole(_ bytes: UnsafeRawBufferPointer) -> Double? {
    guard let first = bytes.first, !bytes.contains(0), !(first == 0x20 || (0x09...0x0D).contains(first)) else {
        return nil
    }
    var text = Array(bytes)
    text.append(0)
    return text.withUnsafeBufferPointer { buffer -> Double? in
        buffer.withMemoryRebound(to: CChar.self) { chars -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(chars.baseAddress!, &end)
            guard let end, end - UnsafeMutablePointer(mutating: chars.baseAddress!) == bytes.count else { return nil }
            return value
        }
    }
}

/// The documented grammar, checked byte by byte.
func inGrammar(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    let word = String(decoding: bytes[index...], as: UTF8.self).lowercased()
    if ["nan", "inf", "infinity"].contains(word) { return true }
    func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
    var mantissaDigits = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return false }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { return false }
    }
    return index == bytes.count
}

func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

/// The digits of a number's text without sign, point, exponent and leading or trailing zeros.
func significantDigits(_ text: String) -> Int {
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
    return mantissa.drop { $0 == "0" }.reversed().drop { $0 == "0" }.count
}

func checkRoundTrip(_ value: Double) {
    guard value.isFinite else { return }
    let text = DoubleText.shortest(value)
    let back = Array(text.utf8).withUnsafeBufferPointer { DoubleText.parse($0) }
    guard let back, same(back, value) else {
        fatalError("shortest(\(value.bitPattern)) = '\(text)' parses back to \(String(describing: back))")
    }
    check(
        significantDigits(text) <= significantDigits("\(value)"),
        "shortest '\(text)' has more digits than Swift's '\(value)'")
    _ = FixedDecimal.string(value, digits: Int(value.bitPattern % 12))
}

FuzzDriver.run { bytes in
    let parsed = bytes.withMemoryRebound(to: UInt8.self) { DoubleText.parse($0) }
    let reference = inGrammar(bytes) ? strtodWhole(bytes) : nil
    switch (parsed, reference) {
    case (nil, nil):
        break
    case (let parsed?, let reference?):
        check(same(parsed, reference), "parse gave \(parsed.bitPattern), strtod \(reference.bitPattern)")
    case (let parsed?, nil):
        fatalError("parse accepted text outside its grammar (or strtod's): \(parsed)")
    case (nil, let reference?):
        fatalError("parse refused what strtod accepts: \(reference)")
    }
    bytes.withMemoryRebound(to: UInt8.self) { buffer in
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        if let prefix = DoubleText.parsePrefix(base, count: buffer.count) {
            check(prefix.length > 0 && prefix.length <= buffer.count, "prefix length \(prefix.length)")
        }
    }
    if let parsed { checkRoundTrip(parsed) }
    // The raw bytes as a Double's bits too: every bit pattern, subnormals and NaN payloads included.
    if bytes.count >= 8 { checkRoundTrip(Double(bitPattern: bytes.loadUnaligned(as: UInt64.self))) }
}
