import FoundationEssentials
import MotionMath
import TextFormats

extension CalibrationFile {
    /// The file's JSON text (pretty-printed, documented key order, ending in a newline).
    public var jsonText: String {
        jsonValue.prettyRendered() + "\n"
    }

    /// Decodes a calibration file. `path` is only used in error messages. With `expectedSensor`, a file for another
    /// sensor is refused. Unknown members are ignored (a later minor addition must not break older readers);
    /// known members are checked strictly: shapes, finite numbers, non-singular matrices, plausible values
    /// (`implausibility`, reported as `.corrupt`).
    public init(
        json bytes: some Collection<UInt8>, path: String, expectedSensor: String? = nil
    ) throws(CalibrationFileError) {
        // 1. Syntax: truncated and corrupt are different fixes.
        let root: JSONValue
        do {
            root = try JSONValue.parse(Array(bytes))
        } catch {
            switch error {
            case .truncated: throw .truncated(path: path)
            case .invalid(let line, let column, let message):
                throw .corrupt(path: path, detail: "line \(line), column \(column): \(message)")
            }
        }
        guard case .object = root else { throw .corrupt(path: path, detail: "the top level must be an object") }
        let reader = FieldReader(path: path)

        // 2. Version before anything else: a newer layout may mean anything.
        guard let versionValue = root["version"] else {
            throw .corrupt(path: path, detail: "member 'version' is missing")
        }
        let version = try reader.integer(versionValue, "version")
        guard version == Self.currentVersion else {
            throw .unsupportedVersion(path: path, found: version, supported: Self.currentVersion)
        }

        // 3. Identity and metadata.
        let sensor = try reader.string(try reader.required(root, "sensor", in: ""), "sensor")
        guard !sensor.isEmpty else { throw .corrupt(path: path, detail: "member 'sensor' is empty") }
        if let expectedSensor, sensor != expectedSensor {
            throw .wrongSensor(path: path, expected: expectedSensor, found: sensor)
        }
        let createdText = try reader.string(try reader.required(root, "created", in: ""), "created")
        guard let created = Self.parseDate(createdText) else {
            throw .corrupt(path: path, detail: "member 'created' is not an ISO 8601 date-time ('\(createdText)')")
        }
        let tool = try root["tool"].map { value throws(CalibrationFileError) in try reader.string(value, "tool") }

        // 4. Sections.
        var file = CalibrationFile(sensor: sensor, created: created, tool: tool)
        if let section = root["gyroscope"] { file.gyroscope = try reader.gyroscope(section) }
        if let section = root["accelerometer"] { file.accelerometer = try reader.accelerometer(section) }
        if let section = root["magnetometer"] { file.magnetometer = try reader.magnetometer(section) }
        // 5. Plausibility: a well-formed file with a value no sensor needs would ruin every reading it corrects.
        if let problem = file.implausibility { throw .corrupt(path: path, detail: problem) }
        self = file
    }

    /// Is `bytes` a calibration file of ours — a JSON object with this program's `version` and a non-empty
    /// `sensor` string — even if its sections are broken? Only such a file is replaced or removed at a path the
    /// user named: anything else there (a recording, notes, another program's JSON) is the user's and is kept.
    public static func isOurs(json bytes: some Collection<UInt8>) -> Bool {
        guard let root = try? JSONValue.parse(Array(bytes)), case .object = root,
            case .number(let version)? = root["version"], version == Double(currentVersion),
            case .string(let sensor)? = root["sensor"], !sensor.isEmpty
        else { return false }
        return true
    }

    /// The file as a JSON value, members in the documented order (`jsonText` renders it).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [
            ("version", .number(Double(Self.currentVersion))),
            ("sensor", .string(sensor)),
            ("created", .string(Self.formatDate(created))),
        ]
        if let tool { members.append(("tool", .string(tool))) }
        if let gyroscope {
            var section: [(String, JSONValue)] = [("bias", Self.vector(gyroscope.bias))]
            if let quality = gyroscope.quality {
                section.append(
                    (
                        "quality",
                        .object([
                            ("samples", .number(Double(quality.samples))),
                            ("duration", .number(quality.duration)),
                            ("noise", Self.vector(quality.noise)),
                            ("bias_uncertainty", Self.vector(quality.biasUncertainty)),
                        ])
                    ))
            }
            members.append(("gyroscope", .object(section)))
        }
        if let accelerometer {
            var section: [(String, JSONValue)] = [
                ("offset", Self.vector(accelerometer.offset)),
                ("matrix", Self.matrix(accelerometer.matrix)),
            ]
            if let method = accelerometer.method { section.append(("method", .string(method.rawValue))) }
            if let quality = accelerometer.quality {
                section.append(
                    (
                        "quality",
                        .object([
                            ("residual", .number(quality.residual)),
                            ("poses", .number(Double(quality.poses))),
                            ("samples", .number(Double(quality.samples))),
                            ("coverage", .number(quality.coverage)),
                        ])
                    ))
            }
            members.append(("accelerometer", .object(section)))
        }
        if let magnetometer {
            var section: [(String, JSONValue)] = [
                ("hard_iron", Self.vector(magnetometer.hardIron)),
                ("soft_iron", Self.matrix(magnetometer.softIron)),
            ]
            if let field = magnetometer.fieldStrength { section.append(("field_strength", .number(field))) }
            if let quality = magnetometer.quality {
                section.append(
                    (
                        "quality",
                        .object([
                            ("residual", .number(quality.residual)),
                            ("coverage", .number(quality.coverage)),
                            ("samples", .number(Double(quality.samples))),
                            ("condition_number", .number(quality.conditionNumber)),
                        ])
                    ))
            }
            members.append(("magnetometer", .object(section)))
        }
        return .object(members)
    }

    private static func vector(_ v: Vector3) -> JSONValue {
        .array([.number(v.x), .number(v.y), .number(v.z)])
    }

    private static func matrix(_ m: Matrix3) -> JSONValue {
        .array(m.rows.map { row in .array(row.map { .number($0) }) })
    }

    /// RFC 3339 in UTC with whole seconds, e.g. `2026-11-30T02:05:19Z`.
    static func formatDate(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }

    /// RFC 3339 with or without fractional seconds, `Z` or a numeric offset.
    static func parseDate(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}

/// Typed access to the members of a decoded file, with errors that name the member.
private struct FieldReader {
    let path: String

    func fail(_ detail: String) -> CalibrationFileError { .corrupt(path: path, detail: detail) }

    func required(_ object: JSONValue, _ key: String, in section: String) throws(CalibrationFileError) -> JSONValue {
        guard let value = object[key] else {
            throw fail("member '\(section.isEmpty ? key : section + "." + key)' is missing")
        }
        return value
    }

    func object(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> JSONValue {
        guard case .object = value else { throw fail("'\(name)' must be an object, not \(value.typeName)") }
        return value
    }

    func string(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> String {
        guard case .string(let text) = value else { throw fail("'\(name)' must be a string, not \(value.typeName)") }
        return text
    }

    func number(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw fail("'\(name)' must be a finite number, not \(value.typeName)")
        }
        return number
    }

    func integer(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> Int {
        let number = try self.number(value, name)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw fail("'\(name)' must be a whole number, not \(number)")
        }
        return Int(number)
    }

    func count(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> Int {
        let number = try integer(value, name)
        guard number >= 0 else { throw fail("'\(name)' must not be negative") }
        return number
    }

    func vector(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> Vector3 {
        guard case .array(let elements) = value, elements.count == 3 else {
            throw fail("'\(name)' must be an array of 3 numbers [x, y, z]")
        }
        return Vector3(
            try number(elements[0], name + "[0]"), try number(elements[1], name + "[1]"),
            try number(elements[2], name + "[2]"))
    }

    func matrix(_ value: JSONValue, _ name: String) throws(CalibrationFileError) -> Matrix3 {
        guard case .array(let rows) = value, rows.count == 3 else {
            throw fail("'\(name)' must be 3 rows of 3 numbers")
        }
        var numbers: [[Double]] = []
        for (index, row) in rows.enumerated() {
            guard case .array(let elements) = row, elements.count == 3 else {
                throw fail("'\(name)' must be 3 rows of 3 numbers (row \(index) is not)")
            }
            var parsed: [Double] = []
            for (column, element) in elements.enumerated() {
                parsed.append(try number(element, "\(name)[\(index)][\(column)]"))
            }
            numbers.append(parsed)
        }
        guard let matrix = Matrix3(rows: numbers) else { throw fail("'\(name)' must be 3×3") }
        let determinant = matrix.determinant
        guard abs(determinant) > 1e-6 else { throw fail("'\(name)' is singular (determinant \(determinant))") }
        return matrix
    }

    func quality(_ section: JSONValue, _ name: String) throws(CalibrationFileError) -> JSONValue? {
        guard let value = section["quality"] else { return nil }
        return try object(value, name + ".quality")
    }

    func gyroscope(_ value: JSONValue) throws(CalibrationFileError) -> GyroscopeCalibration {
        let section = try object(value, "gyroscope")
        let bias = try vector(try required(section, "bias", in: "gyroscope"), "gyroscope.bias")
        var result = GyroscopeCalibration(bias: bias)
        if let q = try quality(section, "gyroscope") {
            let p = "gyroscope.quality."
            result.quality = .init(
                samples: try count(try required(q, "samples", in: "gyroscope.quality"), p + "samples"),
                duration: try number(try required(q, "duration", in: "gyroscope.quality"), p + "duration"),
                noise: try vector(try required(q, "noise", in: "gyroscope.quality"), p + "noise"),
                biasUncertainty: try vector(
                    try required(q, "bias_uncertainty", in: "gyroscope.quality"), p + "bias_uncertainty"))
        }
        return result
    }

    func accelerometer(_ value: JSONValue) throws(CalibrationFileError) -> AccelerometerCalibration {
        let section = try object(value, "accelerometer")
        let offset = try vector(try required(section, "offset", in: "accelerometer"), "accelerometer.offset")
        let matrix = try self.matrix(try required(section, "matrix", in: "accelerometer"), "accelerometer.matrix")
        var result = AccelerometerCalibration(offset: offset, matrix: matrix)
        if let methodValue = section["method"] {
            let text = try string(methodValue, "accelerometer.method")
            guard let method = AccelerometerCalibration.Method(rawValue: text) else {
                let known = AccelerometerCalibration.Method.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("'accelerometer.method' must be one of \(known), not '\(text)'")
            }
            result.method = method
        }
        if let q = try quality(section, "accelerometer") {
            let p = "accelerometer.quality."
            let s = "accelerometer.quality"
            result.quality = .init(
                residual: try number(try required(q, "residual", in: s), p + "residual"),
                poses: try count(try required(q, "poses", in: s), p + "poses"),
                samples: try count(try required(q, "samples", in: s), p + "samples"),
                coverage: try number(try required(q, "coverage", in: s), p + "coverage"))
        }
        return result
    }

    func magnetometer(_ value: JSONValue) throws(CalibrationFileError) -> MagnetometerCalibration {
        let section = try object(value, "magnetometer")
        let hardIron = try vector(try required(section, "hard_iron", in: "magnetometer"), "magnetometer.hard_iron")
        let softIron = try matrix(try required(section, "soft_iron", in: "magnetometer"), "magnetometer.soft_iron")
        var result = MagnetometerCalibration(hardIron: hardIron, softIron: softIron)
        if let field = section["field_strength"] {
            result.fieldStrength = try number(field, "magnetometer.field_strength")
        }
        if let q = try quality(section, "magnetometer") {
            let p = "magnetometer.quality."
            let s = "magnetometer.quality"
            result.quality = .init(
                residual: try number(try required(q, "residual", in: s), p + "residual"),
                coverage: try number(try required(q, "coverage", in: s), p + "coverage"),
                samples: try count(try required(q, "samples", in: s), p + "samples"),
                conditionNumber: try number(try required(q, "condition_number", in: s), p + "condition_number"))
        }
        return result
    }
}
