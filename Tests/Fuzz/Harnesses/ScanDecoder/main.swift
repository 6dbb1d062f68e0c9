// fuzz-scan-decoder: what a buffered capture does with an IIO device's scan formats and refill bytes, which come
// from the kernel or from any iiod on the network. The input is up to six channel descriptions
// (`<scan index byte><sysfs _type text>\n`, e.g. "\u{0}le:s16/16>>0\n"), then the refill bytes.
// - `ScanFormat(text)` parses or refuses any text; what it parses prints back to the same format.
// - `ScanLayout` places every field inside the sample and aligned to its length.
// - The decoder reads any refill of whole samples without trapping, and the in-place decoding agrees with the
//   bytewise `ScanFormat.decode`.
import FuzzSupport
import IIO
import MotionMath
@testable import Sensors

FuzzDriver.run { bytes in
    var input = FuzzInput(bytes)
    var elements: [ScanLayout.Element] = []
    for channel in 0..<(1 + input.choose(6)) {
        let index = Int(input.byte() % 8)
        let text = String(decoding: input.bytes(upTo: 0x0A), as: UTF8.self)
        guard let format = ScanFormat(text) else { continue }
        check(ScanFormat(format.description) == format, "'\(text)' prints as '\(format)', which differs")
        elements.append(ScanLayout.Element(id: "c\(channel)", scanIndex: index, format: format))
    }
    guard let layout = ScanLayout(elements: elements) else { return }
    for element in elements {
        guard let field = layout[element.id] else { fatalError("\(element.id) has no field") }
        check(field.end <= layout.sampleSize, "\(element.id) ends at \(field.end) of \(layout.sampleSize)")
    }
    let decodable = elements.filter { $0.format.isDecodable }.compactMap { layout[$0.id] }
    let payload = input.rest()
    guard decodable.count >= 3, layout.sampleSize > 0 else { return }
    payload.withUnsafeBytes { raw in
        if raw.count >= layout.sampleSize {
            for field in decodable {
                let inPlace = field.format.integer(in: raw, at: field.offset)
                let bytewise = field.format.decode(raw[field.offset..<field.end])
                check(inPlace == bytewise, "\(field.format) at \(field.offset): \(inPlace) vs \(bytewise)")
            }
        }
        let sensor = DiscoveredSensor(
            kind: .accelerometer, deviceID: "iio:device0", deviceName: "fuzz",
            identity: SensorIdentity(rawValue: "fuzz@test"), axes: [], scale: [0.5, 1e-3, 7], offset: [0, -1, 2],
            mountMatrix: .identity, captureMode: .buffered, captureReason: "fuzz")
        var decoder = ScanDecoder(
            sensors: [.init(sensor: sensor, kind: .accelerometer, axes: Array(decodable.prefix(3)))],
            timestamp: decodable.count > 3 ? decodable[3] : nil, rate: 100)
        var readings: [SensorReading] = []
        decoder.decode(raw, step: layout.sampleSize, arrival: 1, into: &readings) { _ in }
        check(readings.count == raw.count / layout.sampleSize, "\(readings.count) readings")
    }
}
