import Foundation
import Glibc
import TestSupport
import Testing
@testable import IIODTestServer

@Suite("Fixtures")
struct FixtureTests {
    @Test("the catalog has the agreed fixtures, findable by name")
    func catalog() throws {
        #expect(IIOFixture.all.map(\.name) == [
            "bmi160", "hid-sensor-hub", "st-lsm6dsx", "inv-icm42600", "inv-mpu6050", "accel-only", "bma400",
            "bmi160-bma400", "empty",
            "max30102", "max30105", "max30100", "afe4404", "afe4403", "bmp280", "bme280", "dps310", "lps22hb",
        ])
        #expect(IIOFixture.named("hidSensorHub")?.name == "hid-sensor-hub")
        #expect(IIOFixture.named("INV_MPU6050")?.name == "inv-mpu6050")
        #expect(IIOFixture.named("nonesuch") == nil)
        #expect(IIOFixture.empty.devices.isEmpty)
    }

    @Test("channels follow the drivers: ids, scan indices in order, formats, shared scale files")
    func driverShapes() throws {
        let bmi = try #require(IIOFixture.bmi160.device("bmi160"))
        #expect(bmi.channels.map(\.id) == [
            "anglvel_x", "anglvel_y", "anglvel_z", "accel_x", "accel_y", "accel_z", "timestamp", "mount",
        ])
        #expect(bmi.channels.compactMap(\.scanIndex) == [4, 5, 6, 7, 8, 9, 10])
        #expect(bmi.channel("accel_y")?.attribute("scale")?.filename == "in_accel_scale")
        #expect(bmi.channel("accel_y")?.attribute("raw")?.filename == "in_accel_y_raw")
        #expect(bmi.trigger == .unsupported(errno: EIO))

        let hub = IIOFixture.hidSensorHub
        #expect(hub.devices.map(\.name) == ["accel_3d", "gyro_3d", "magn_3d", "accel_3d-dev0", "gyro_3d-dev1", "magn_3d-dev2"])
        #expect(hub.device("accel_3d")?.channel("accel_x")?.scanFormat?.kernelString == "le:s32/32>>0")
        #expect(hub.device("magn_3d")?.channel("timestamp") == nil)
        #expect(hub.device("gyro_3d")?.channel("timestamp")?.scanIndex == 3)
        #expect(hub.device("gyro_3d")?.trigger == .settable(current: "gyro_3d-dev1"))

        let mpu = try #require(IIOFixture.invMpu6050.device("mpu6050"))
        #expect(mpu.channels.map(\.id) == [
            "accel_x", "accel_y", "accel_z", "temp", "anglvel_x", "anglvel_y", "anglvel_z", "timestamp", "mount",
        ])
        #expect(mpu.channel("anglvel_z")?.scanFormat?.kernelString == "be:s16/16>>0")
        #expect(mpu.channel("mount")?.attribute("matrix")?.value == "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(mpu.channel("mount")?.attribute("matrix")?.filename == "in_mount_matrix")
        #expect(mpu.channel("accel_x")?.attribute("calibbias")?.filename == "in_accel_x_calibbias")

        #expect(IIOFixture.stLsm6dsx.devices.map(\.name) == ["lsm6dsm_accel", "lsm6dsm_gyro"])
        #expect(IIOFixture.invIcm42600.devices.map(\.name) == ["icm42605-accel", "icm42605-gyro"])
        #expect(IIOFixture.invIcm42600.device("icm42605-gyro")?.attribute("mount_matrix") != nil)
    }

    @Test("XML carries devices, channels and attribute names but no values, escaped")
    func xmlShape() throws {
        let xml = IIOFixture.hidSensorHub.xml
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?><!DOCTYPE context ["))
        #expect(xml.contains("<device id=\"iio:device0\" name=\"accel_3d\" >"))
        #expect(xml.contains("<scan-element index=\"0\" format=\"le:S32/32&gt;&gt;0\" scale=\"0.098067\" />"))
        #expect(xml.contains("<attribute name=\"scale\" filename=\"in_accel_scale\" />"))
        #expect(xml.contains("<device id=\"trigger0\" name=\"accel_3d-dev0\" ></device>"))
        #expect(!xml.contains("realtime"))
        #expect(xml.hasSuffix("</context>"))
    }

    /// Starts the real iiod on an xml: context of the fixture and returns what its PRINT answers.
    private func realIIODPrint(of fixture: IIOFixture) throws -> String {
        var processes: [Process] = []
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(fixture.name)-\(UUID().uuidString).xml").path
        try fixture.writeXML(to: path)
        defer { unlink(path) }
        var client: RawClient?
        // A port below the ephemeral range, where the port-0 servers of parallel tests land; another one if taken.
        for _ in 0..<5 where client == nil {
            let port = UInt16.random(in: 20000..<30000)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Subprocess.locate("iiod")))
            process.arguments = ["-u", "xml:\(path)", "-p", "\(port)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // 30 s for a running iiod to listen: a loaded full run took more than 5 s to start one (RealIIOD, too).
            for _ in 0..<300 where client == nil && process.isRunning {
                client = try? RawClient(port: port)
                if client == nil { usleep(100_000) }
            }
            // iiod 0.24 does not exit on SIGTERM while it serves an xml: context. The accepted connection stays
            // usable: iiod's client thread keeps serving it until the kill below.
            if client == nil {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            } else {
                processes.append(process)
            }
        }
        defer {
            for process in processes {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let connected = try #require(client)
        let length = try connected.command("PRINT")
        let bytes = try connected.bytes(length + 1)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    @Test(
        "the real iiod 0.24 re-serialises every fixture's XML byte for byte (context name aside)",
        .enabled(if: Tools.haveIIOD, "needs iiod (scripts/install-deps installs it)"),
        arguments: IIOFixture.all
    )
    func matchesRealIIOD(_ fixture: IIOFixture) throws {
        let printed = try realIIODPrint(of: fixture)
        // An xml: context is named "xml"; a local one, which the fixtures pretend to be, "local".
        let expected = fixture.xml.replacingOccurrences(of: "<context name=\"local\"", with: "<context name=\"xml\"")
        #expect(printed == expected)
    }

    @Test(
        "the stock iio_info accepts each fixture's XML file as an xml: context",
        .enabled(if: Tools.haveLibiioUtils, "needs libiio-utils (scripts/install-deps installs it)"),
        arguments: IIOFixture.all
    )
    func xmlContextAccepted(_ fixture: IIOFixture) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xmlctx-\(fixture.name)-\(UUID().uuidString).xml").path
        try fixture.writeXML(to: path)
        defer { unlink(path) }
        let result = try Subprocess.run("iio_info", ["-u", "xml:\(path)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("IIO context has \(fixture.devices.count) devices"))
    }
}

extension IIOFixture: CustomTestStringConvertible {
    public var testDescription: String { name }
}
