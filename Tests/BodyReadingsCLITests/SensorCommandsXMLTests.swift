import BodyReadings
import Foundation
import IIO
import Sensors
import TestSupport
import Testing

@testable import BodyReadingsCLI

/// `xml:` context files for the CLI tests: layouts modelled on the kernel drivers (no values: libiio's XML backend
/// answers ENOSYS to attribute reads).
enum CLIFixtureXML {
    /// A HID-style device `name` with three `type` channels (`le:s32/32>>0`), optionally without scale.
    static func device(_ index: Int, _ name: String, _ type: String, scale: Bool = true) -> String {
        let channels = ["x", "y", "z"].enumerated().map { axis, letter in
            let scaleAttribute = scale ? "<attribute name=\"scale\" filename=\"in_\(type)_scale\"/>" : ""
            return "<channel id=\"\(type)_\(letter)\" type=\"input\"><scan-element index=\"\(axis)\" "
                + "format=\"le:s32/32&gt;&gt;0\"/><attribute name=\"raw\" filename=\"in_\(type)_\(letter)_raw\"/>"
                + scaleAttribute + "</channel>"
        }.joined()
        return "<device id=\"iio:device\(index)\" name=\"\(name)\">\(channels)"
            + "<channel id=\"timestamp\" type=\"input\"><scan-element index=\"3\" format=\"le:s64/64&gt;&gt;0\"/></channel>"
            + "<buffer-attribute name=\"enable\"/></device><device id=\"trigger\(index)\" name=\"\(name)-dev\(index)\"/>"
    }

    static func context(_ devices: [String]) -> String {
        LibiioContextXML.header + "<context name=\"local\" description=\"CLI fixture\">" + devices.joined()
            + "</context>"
    }

    static let hub = context([device(0, "accel_3d", "accel"), device(1, "gyro_3d", "anglvel"), device(2, "magn_3d", "magn")])
    static let accelOnly = context([device(0, "accel_3d", "accel")])
    static let empty = context([])
    static let noScale = context([device(0, "accel_3d", "accel", scale: false), device(1, "gyro_3d", "anglvel")])

    /// Writes `xml` to a fresh temporary file and returns its path.
    static func file(_ xml: String, name: String = "context") throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("bodyreadings-\(name)-\(UUID().uuidString).xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Runs the tool with a captured console: (status, stdout, stderr).
func runTool(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let (console, output) = Console.capture()
    let status = BodyReadingsTool.run(arguments: arguments, console: console)
    return (status, output.stdout, output.stderr)
}

@Suite("available and info over xml: contexts and bad inputs")
struct SensorCommandsXMLTests {
    @Test("available answers yes for a hub with accel and gyro, exit 0; JSON agrees")
    func availableYes() throws {
        let path = try CLIFixtureXML.file(CLIFixtureXML.hub)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let human = runTool(["available", "--uri", "xml:\(path)"])
        #expect(human.status == 0)
        #expect(human.out.contains("accelerometer: yes (accel_3d, iio:device0)"))
        #expect(human.out.contains("gyroscope:     yes (gyro_3d, iio:device1)"))
        #expect(human.out.contains("magnetometer:  yes (magn_3d, iio:device2)"))
        #expect(human.out.contains("device motion: yes"))
        #expect(human.err.isEmpty)
        let json = runTool(["available", "--json", "--uri=xml:\(path)"])
        #expect(json.status == 0)
        #expect(
            json.out == "{\"uri\":\"xml:\(path)\",\"accelerometer\":true,\"gyroscope\":true,\"magnetometer\":true,"
                + "\"device_motion\":true,\"steps\":true,\"step_counter\":false,\"heart_rate\":false,"
                + "\"barometer\":false}\n")
        #expect(human.out.contains("steps:         yes (counted from the accelerometer)"))
    }

    @Test("available says no and exits 1 without a gyroscope, and without any device")
    func availableNo() throws {
        for xml in [CLIFixtureXML.accelOnly, CLIFixtureXML.empty] {
            let path = try CLIFixtureXML.file(xml)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = runTool(["available", "--uri", "xml:\(path)"])
            #expect(result.status == 1)
            #expect(result.out.contains("gyroscope:     no"))
            #expect(result.out.contains("device motion: no"))
        }
    }

    @Test("info lists every sensor with unknown values on xml:, and JSON parses")
    func info() throws {
        let path = try CLIFixtureXML.file(CLIFixtureXML.hub)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let human = runTool(["info", "--uri", "xml:\(path)"])
        #expect(human.status == 0)
        #expect(human.out.contains("accelerometer: accel_3d (iio:device0)"))
        #expect(human.out.contains("magnetometer: magn_3d (iio:device2)"))
        #expect(human.out.contains("capture         buffered: triggered buffer (own trigger accel_3d-dev0)"))
        #expect(human.out.contains("scale           unknown (in_accel_scale)"))
        #expect(human.out.contains("trigger         unknown"))
        let json = runTool(["info", "--json", "--uri", "xml:\(path)"])
        #expect(json.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let sensors = try #require(object["sensors"] as? [[String: Any]])
        #expect(sensors.count == 3)
        #expect(sensors.map { $0["kind"] as? String } == ["accelerometer", "gyroscope", "magnetometer"])
        #expect(sensors[2]["unit"] as? String == "µT")
        #expect(sensors[2]["unit_factor"] as? Double == 100)
        #expect(sensors[0]["scale"] is NSNull)
        #expect(sensors[0]["capture_mode"] as? String == "buffered")
        #expect(object["values_available"] as? Bool == false)
    }

    @Test("info without sensors says so and exits 1")
    func infoEmpty() throws {
        let path = try CLIFixtureXML.file(CLIFixtureXML.empty)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = runTool(["info", "--uri", "xml:\(path)"])
        #expect(result.status == 1)
        #expect(result.out.contains("no accelerometer, gyroscope, magnetometer, step counter, pulse sensor or barometer found"))
    }

    @Test("bad inputs give one error line naming cause and fix, with the documented status", arguments: [
        (["available", "--uri", "ip:127.0.0.1:1"], Int32(69), "iiod"),
        (["info", "--uri", "ip:127.0.0.1:1"], 69, "Connection refused"),
        (["available", "--uri", "bogus:thing"], 64, "--uri local:"),
        (["info", "--uri", "ip:"], 64, "names no host"),
        (["info", "--uri", "ip:127.0.0.1:notaport"], 64, "invalid port"),
        (["available", "--uri", "xml:/nonexistent/context.xml"], 64, "no XML context file"),
        (["available", "--bogus"], 64, "unknown option"),
        (["available", "--uri", "ip:nonexistent.invalid"], 69, "host 'nonexistent.invalid' of 'ip:nonexistent.invalid' does not resolve"),
    ])
    func badInputs(arguments: [String], status: Int32, mention: String) {
        let result = runTool(arguments)
        #expect(result.status == status, "\(result.err)")
        #expect(result.err.hasPrefix("error: "))
        #expect(result.err.contains(mention), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test("a malformed XML file is a data error (65) on one line, libxml2's complaint folded in")
    func malformedXML() throws {
        let path = try CLIFixtureXML.file("<context name=\"xml\"><device id=", name: "malformed")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = runTool(["info", "--uri", "xml:\(path)"])
        #expect(result.status == 65)
        #expect(result.err.contains("is not a valid IIO context description"))
        #expect(result.err.contains("iio_genxml"))
        #expect(result.err.split(separator: "\n").count == 1)
    }

    @Test("a sensor without scale attribute is unavailable (69), naming device and attribute")
    func missingScale() throws {
        let path = try CLIFixtureXML.file(CLIFixtureXML.noScale)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = runTool(["info", "--uri", "xml:\(path)"])
        #expect(result.status == 69)
        #expect(result.err.contains("iio:device0 (accel_3d)"))
        #expect(result.err.contains("in_accel_scale"))
    }
}

@Suite("SensorError to CLI error mapping")
struct SensorErrorCLITests {
    @Test("over ip:, a refused or broken connection after the context opened is a lost connection; opening is not")
    func lostConnectionMessages() {
        let uri = "ip:127.0.0.1:30431"
        let reopened = SensorError(IIOError(operation: "iio_device_create_buffer", errno: .connectionRefused), uri: uri)
        #expect(reopened.message.hasPrefix("lost the connection to \(uri)"), "\(reopened.message)")
        let refill = SensorError(IIOError(operation: "iio_buffer_refill", errno: .connectionReset), uri: uri)
        #expect(refill.message.hasPrefix("lost the connection to \(uri)"), "\(refill.message)")
        let opening = SensorError(IIOError(operation: "iio_create_context_from_uri", errno: .connectionRefused), uri: uri)
        #expect(opening.message.hasPrefix("cannot open '\(uri)'"), "\(opening.message)")
    }

    @Test("permission denied exits 77 and names the udev rule and group iio")
    func permission() {
        let error = SensorError(
            .permissionDenied, "iio_device_attr_read on iio:device0 (bmi160), attribute 'in_accel_scale': Permission denied (errno 13)",
            device: "iio:device0 (bmi160)", attribute: "in_accel_scale", errno: 13)
        let cli = error.cliError
        #expect(cli.exitCode == .noPermission)
        #expect(cli.message.contains("udev/60-bodyreadings.rules"))
        #expect(cli.message.contains("group 'iio'"))
        #expect(cli.message.contains("in_accel_scale"))
        #expect(!cli.message.contains("\n"))
    }

    @Test("every reason maps to its documented status", arguments: [
        (SensorError.Reason.permissionDenied, ExitCode.noPermission), (.malformedURI, .usage),
        (.missingContextFile, .usage), (.malformedContextFile, .dataError), (.malformedAttribute, .dataError),
        (.contextUnreachable, .unavailable), (.missingAttribute, .unavailable), (.deviceVanished, .unavailable),
        (.busy, .unavailable), (.timedOut, .unavailable), (.unsupported, .unavailable), (.ioError, .ioError),
    ])
    func statuses(reason: SensorError.Reason, status: ExitCode) {
        #expect(SensorError(reason, "cause").cliError.exitCode == status)
        #expect(SensorError(reason, "cause").cliError.message.hasPrefix("cause; "))
    }

    @Test("a thrown SensorError reaches the user as one line through the tool")
    func throughTool() {
        let command = Command(spec: CommandSpec(name: "fail", overview: "Fails.")) { _, _ in
            throw SensorError(.permissionDenied, "open /dev/iio:device0: Permission denied")
        }
        let (console, output) = Console.capture()
        let status: ExitCode
        do {
            guard case .arguments(let parsed) = try command.spec.parse([]) else { return }
            status = try command.run(parsed, console)
        } catch let error as any CLIErrorConvertible {
            console.error(error.cliError.message)
            status = error.cliError.exitCode
        } catch {
            status = .software
        }
        #expect(status == .noPermission)
        #expect(output.stderr.hasPrefix("error: open /dev/iio:device0: Permission denied; install the udev rules"))
    }
}

@Suite("CLI fixtures are accepted by the stock libiio tools")
struct CLIFixtureStockToolTests {
    @Test(
        "iio_info accepts every CLI fixture", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/iio_info"), "needs iio_info (apt: libiio-utils)"),
        arguments: [("hub", CLIFixtureXML.hub), ("accel-only", CLIFixtureXML.accelOnly), ("empty", CLIFixtureXML.empty), ("no-scale", CLIFixtureXML.noScale)])
    func iioInfo(name: String, xml: String) throws {
        let path = try CLIFixtureXML.file(xml, name: name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Subprocess.run("/usr/bin/iio_info", ["-u", "xml:\(path)"], mergingStandardError: true)
        #expect(result.status == 0, "\(result.text)")
        #expect(result.text.contains("IIO context created with xml backend"))
    }
}
