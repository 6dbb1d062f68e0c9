import Foundation
import SystemSupport
import TestSupport
import TextFormats
import MotionMath
import Testing
@testable import Calibration

/// The repository's `Calibration/` directory (examples and schema).
let calibrationDirectory = PackagePaths.file("Calibration")

func sampleFile(sensor: String = "iio:test-imu") -> CalibrationFile {
    CalibrationFile(
        sensor: sensor, created: Date(timeIntervalSince1970: 1_795_000_000), tool: "bodyreadings test",
        gyroscope: GyroscopeCalibration(
            bias: Vector3(0.02, -0.015, 0.01),
            quality: .init(samples: 1000, duration: 9.99, noise: Vector3(0.004, 0.0041, 0.0039),
                biasUncertainty: Vector3(1.26e-4, 1.3e-4, 1.23e-4))),
        accelerometer: AccelerometerCalibration(
            offset: Vector3(0.15, -0.1, 0.2), matrix: Truth.accelerometerMatrix, method: .sixPosition,
            quality: .init(residual: 0.004, poses: 6, samples: 1200, coverage: 0.98)),
        magnetometer: MagnetometerCalibration(
            hardIron: Truth.hardIron, softIron: Truth.softIron, fieldStrength: 48,
            quality: .init(residual: 0.31, coverage: 0.97, samples: 2000, conditionNumber: 12.5)))
}

@Suite("Calibration file")
struct CalibrationFileTests {
    func decode(_ text: String, expectedSensor: String? = nil) throws(CalibrationFileError) -> CalibrationFile {
        try CalibrationFile(json: Array(text.utf8), path: "/test/file.json", expectedSensor: expectedSensor)
    }

    @Test func roundTripsEveryField() throws {
        let file = sampleFile()
        let decoded = try decode(file.jsonText, expectedSensor: "iio:test-imu")
        #expect(decoded == file)
        #expect(file.jsonText.hasPrefix("{\n  \"version\": 1,\n  \"sensor\": \"iio:test-imu\",\n"))
        #expect(file.jsonText.contains("\"created\": \"2026-11-18T"))
        #expect(file.jsonText.contains("\"bias\": [0.02, -0.015, 0.01]"))
    }

    @Test func writesTheDocumentedKeys() throws {
        let root = try JSONValue.parse(Array(sampleFile().jsonText.utf8))
        guard case .object(let members) = root else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == ["version", "sensor", "created", "tool", "gyroscope", "accelerometer", "magnetometer"])
        #expect(root["gyroscope"]?["bias"] != nil)
        #expect(root["accelerometer"]?["offset"] != nil)
        #expect(root["accelerometer"]?["matrix"] != nil)
        #expect(root["magnetometer"]?["hard_iron"] != nil)
        #expect(root["magnetometer"]?["soft_iron"] != nil)
    }

    @Test func sectionsAreOptional() throws {
        let file = CalibrationFile(sensor: "s", gyroscope: GyroscopeCalibration(bias: Vector3(0.1, 0.2, 0.3)))
        let decoded = try decode(file.jsonText)
        #expect(decoded.gyroscope?.bias == Vector3(0.1, 0.2, 0.3))
        #expect(decoded.accelerometer == nil && decoded.magnetometer == nil)
        #expect(decoded.correctedAccelerometer(Vector3(1, 1, 1)) == Vector3(1, 1, 1))
    }

    @Test func appliesTheCorrections() {
        let file = sampleFile()
        let raw = Vector3(1.0, 2.0, 3.0)
        #expect(file.correctedGyroscope(raw) == raw - Vector3(0.02, -0.015, 0.01))
        #expect(file.correctedAccelerometer(raw) == Truth.accelerometerMatrix * (raw - Vector3(0.15, -0.1, 0.2)))
        #expect(file.correctedMagnetometer(raw) == Truth.softIron * (raw - Truth.hardIron))
        let plain: [Double] = [1, 2, 3]
        let triple = file.apply(accelerometer: plain, gyroscope: plain, magnetometer: nil)
        let expected: [Double] = [1 - 0.02, 2 + 0.015, 3 - 0.01]
        #expect(triple.gyroscope == expected)
        #expect(triple.magnetometer == nil)
    }

    @Test func mergingKeepsOtherSections() {
        let old = sampleFile()
        let newer = CalibrationFile(sensor: old.sensor, gyroscope: GyroscopeCalibration(bias: Vector3(9, 9, 9)))
        let merged = old.merging(newer)
        #expect(merged.gyroscope?.bias == Vector3(9, 9, 9))
        #expect(merged.accelerometer == old.accelerometer)
        #expect(merged.magnetometer == old.magnetometer)
    }

    @Test(arguments: [
        ("", "truncated"),
        ("{\n  \"version\": 1,\n  \"sensor\": \"a\",\n  \"gyroscope\": {\"bias\": [0.1, 0.2", "truncated"),
        ("{\"version\": 1, \"sensor\": \"a\" \"created\": \"2026-11-30T00:00:00Z\"}", "line 1, column 30"),
        ("[1, 2, 3]", "top level"),
        ("{\"sensor\": \"a\", \"created\": \"2026-11-30T00:00:00Z\"}", "'version' is missing"),
        ("{\"version\": true, \"sensor\": \"a\", \"created\": \"2026-11-30T00:00:00Z\"}", "'version' must be"),
        ("{\"version\": 1, \"created\": \"2026-11-30T00:00:00Z\"}", "'sensor' is missing"),
        ("{\"version\": 1, \"sensor\": \"a\", \"created\": \"yesterday\"}", "ISO 8601"),
        ("{\"version\": 1, \"sensor\": \"a\", \"created\": \"2026-11-30T00:00:00Z\", \"gyroscope\": {\"bias\": [1, 2]}}",
            "gyroscope.bias"),
        ("{\"version\": 1, \"sensor\": \"a\", \"created\": \"2026-11-30T00:00:00Z\", \"accelerometer\": "
            + "{\"offset\": [0, 0, 0], \"matrix\": [[1, 0, 0], [0, 1, 0]]}}", "accelerometer.matrix"),
        ("{\"version\": 1, \"sensor\": \"a\", \"created\": \"2026-11-30T00:00:00Z\", \"accelerometer\": "
            + "{\"offset\": [0, 0, 0], \"matrix\": [[1, 0, 0], [0, 1, 0], [0, 0, 0]]}}", "singular"),
        ("{\"version\": 1, \"sensor\": \"a\", \"created\": \"2026-11-30T00:00:00Z\", \"magnetometer\": "
            + "{\"hard_iron\": [0, \"x\", 0], \"soft_iron\": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}}",
            "magnetometer.hard_iron[1]"),
    ])
    func refusesBadContent(text: String, fragment: String) {
        #expect {
            try decode(text)
        } throws: { error in
            guard let error = error as? CalibrationFileError, error.isContentError else { return false }
            let message = error.description
            return message.contains("/test/file.json") && message.contains(fragment)
        }
    }

    @Test func truncationAtEveryByteIsDetected() {
        // Whatever byte a crash or a full disk cut the file at, the reader says truncated or corrupt, never decodes.
        let text = Array(sampleFile().jsonText.utf8)
        for cut in stride(from: 0, to: text.count - 2, by: 7) {
            do {
                _ = try CalibrationFile(json: text[0..<cut], path: "/t.json")
                Issue.record("a file cut at byte \(cut) of \(text.count) decoded")
            } catch {
                #expect(error.isContentError)
            }
        }
    }

    @Test func refusesAnotherVersion() {
        let text = sampleFile().jsonText.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 2,")
        #expect(throws: CalibrationFileError.unsupportedVersion(path: "/test/file.json", found: 2, supported: 1)) {
            try decode(text)
        }
    }

    @Test func refusesAnotherSensor() {
        #expect(
            throws: CalibrationFileError.wrongSensor(path: "/test/file.json", expected: "other", found: "iio:test-imu")
        ) {
            try decode(sampleFile().jsonText, expectedSensor: "other")
        }
    }

    @Test func escapesAndReadsAwkwardIdentities() throws {
        let sensor = "usb \"hub\"\\\u{01}é/../x"
        let file = CalibrationFile(sensor: sensor, gyroscope: GyroscopeCalibration(bias: .zero))
        #expect(try decode(file.jsonText).sensor == sensor)
    }

    @Test func decodesTheExampleFiles() throws {
        let hil = try CalibrationStore.read(
            path: calibrationDirectory + "/examples/hil-virtual-hub.json", expectedSensor: "hil-virtual-hub")
        #expect(hil.gyroscope?.bias == Vector3(0.02, -0.015, 0.01))
        #expect(hil.accelerometer?.offset == Vector3(0.15, -0.1, 0.2))
        #expect(hil.accelerometer?.matrix == .identity)
        #expect(hil.magnetometer == nil)
        let full = try CalibrationStore.read(path: calibrationDirectory + "/examples/full.json")
        #expect(full.gyroscope?.quality != nil && full.accelerometer?.quality != nil && full.magnetometer?.quality != nil)
        let names = FileSystem.list(calibrationDirectory + "/examples") ?? []
        #expect(names.count >= 3)
        for name in names where name.hasSuffix(".json") {
            _ = try CalibrationStore.read(path: calibrationDirectory + "/examples/" + name)
        }
    }

    @Test func schemaMatchesWhatTheWriterWrites() throws {
        let bytes = try #require(FileManager.default.contents(atPath: calibrationDirectory + "/calibration.schema.json"))
        let schema = try JSONValue.parse(Array(bytes))
        #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        func strings(_ value: JSONValue?) -> [String] {
            guard case .array(let items) = value else { return [] }
            return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        func keys(_ value: JSONValue?) -> Set<String> {
            guard case .object(let members) = value else { return [] }
            return Set(members.map(\.0))
        }
        // Every member the writer emits is described by the schema, at every level, and every required member is
        // always written.
        func check(_ written: JSONValue, against node: JSONValue?, at path: String) {
            guard case .object(let members) = written, let node else { return }
            let properties = node["properties"]
            #expect(Set(members.map(\.0)).isSubset(of: keys(properties)), "undocumented member under \(path)")
            for required in strings(node["required"]) {
                #expect(written[required] != nil, "required member \(path).\(required) not written")
            }
            for (key, value) in members { check(value, against: properties?[key], at: path + "." + key) }
        }
        let written = try JSONValue.parse(Array(sampleFile().jsonText.utf8))
        check(written, against: schema, at: "$")
        #expect(strings(schema["required"]) == ["version", "sensor", "created"])
        #expect(strings(schema["properties"]?["accelerometer"]?["required"]) == ["offset", "matrix"])
        #expect(strings(schema["properties"]?["magnetometer"]?["required"]) == ["hard_iron", "soft_iron"])
        #expect(strings(schema["properties"]?["gyroscope"]?["required"]) == ["bias"])
        // Examples satisfy the schema's required members.
        for name in ["hil-virtual-hub.json", "gyroscope-only.json", "full.json"] {
            let example = try JSONValue.parse(
                Array(try #require(FileManager.default.contents(atPath: calibrationDirectory + "/examples/" + name))))
            check(example, against: schema, at: name)
        }
    }
}
