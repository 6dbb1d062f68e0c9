import Foundation
import MotionMath
import Glibc
import Testing
@testable import IIODTestServer

/// The iiod 0.24 text protocol as the server answers it; expected answers were taken from the real iiod 0.24
/// (Debian's, serving an xml: context) where the two can be compared, and from iiod/ops.c otherwise.
@Suite("iiod protocol")
struct ProtocolTests {
    @Test("VERSION answers like iiod 0.24 (%u.%u.%-7.7s) and PRINT frames the XML with its length")
    func versionAndPrint() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.send("VERSION\r\n")
        #expect(try client.line() == "0.24.v0.24  ")
        try client.send("version\r\n")  // the lexer is case-insensitive
        #expect(try client.line() == "0.24.v0.24  ")
        let length = try client.command("PRINT")
        let body = try client.bytes(length + 1)
        #expect(String(decoding: body.dropLast(), as: UTF8.self) == IIOFixture.bmi160.xml)
        #expect(body.last == UInt8(ascii: "\n"))
        #expect(try client.command("TIMEOUT 2500") == 0)
        #expect(try client.command("ZPRINT") == -EINVAL)
    }

    @Test("READ frames values as length (counting the NUL) + bytes + newline, for every attribute family")
    func reads() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("READ iio:device0 sampling_frequency") == 3)  // "50" + NUL
        #expect(try client.bytes(3) == [UInt8(ascii: "5"), UInt8(ascii: "0"), 0])
        #expect(try client.bytes(0) == [])
        try client.send("")
        #expect(try client.line() == "")  // the trailing newline of the value
        #expect(try client.read("READ mpu6050 INPUT mount matrix") == .success("0, 1, 0; -1, 0, 0; 0, 0, 1"))
        #expect(try client.read("READ iio:device0 INPUT accel_x scale") == .success("0.004785"))
        #expect(try client.read("READ iio:device0 INPUT accel_x in_accel_scale") == .success("0.004785"))
        #expect(try client.read("READ iio:device0 BUFFER watermark") == .success("1"))  // unlisted, yet readable
        #expect(try client.read("READ iio:device0 BUFFER length") == .success("2"))
        // A device READ reaches any file of the device directory, like the local backend's fopen.
        #expect(try client.read("READ mpu6050 in_mount_matrix") == .success("0, 1, 0; -1, 0, 0; 0, 0, 1"))
        #expect(try client.read("READ mpu6050 in_anglvel_scale") == .success("0.001064724"))
        #expect(try client.read("READ mpu6050 INPUT accel_x sampling_frequency") == .success("50"))
        #expect(try client.read("READ iio:device0 DEBUG direct_reg_access") == .success("0x68"))
    }

    @Test("raw attributes follow the trajectory at the time of the read (polling path)")
    func rawFollowsTrajectory() throws {
        let ramp = TestTrajectory { t in (Vector3(0, 0, 9.81), Vector3(0, 0, t / 100), .zero) }
        let server = try IIODTestServer(fixture: .bmi160, trajectory: ramp, rateScale: 1)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for _ in 0..<3 {
            let before = server.trajectoryNow
            guard case .success(let text) = try client.read("READ bmi160 INPUT anglvel_z raw"), let raw = Double(text)
            else { Issue.record("raw read failed"); return }
            let after = server.trajectoryNow
            // ω_z = t/100 rad/s, scale 0.001065: raw lies between the values at the two instants (±1 count).
            #expect(raw >= (before / 100 / 0.001065).rounded(.down) - 1 && raw <= (after / 100 / 0.001065).rounded(.up) + 1)
            usleep(300_000)
        }
    }

    @Test("READ errors: unknown device ENODEV, channel ENXIO, attribute ENOENT, bad syntax and commands EINVAL")
    func readErrors() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("READ nodev sampling_frequency") == -ENODEV)
        #expect(try client.command("READ iio:device0 INPUT nochan raw") == -ENXIO)
        #expect(try client.command("READ iio:device0 OUTPUT accel_x raw") == -ENXIO)
        #expect(try client.command("READ iio:device0 nosuch") == -ENOENT)
        #expect(try client.command("READ iio:device0 a b c d e") == -EINVAL)
        #expect(try client.command("FROBNICATE") == -EINVAL)
        #expect(try client.command("READ") == -EINVAL)
        #expect(try client.command("PRINT now") == -EINVAL)
        #expect(try client.command("EXIT later") == -EINVAL)  // and the session goes on
    }

    @Test("READ without an attribute answers all of them in libiio's read-all format (BE length, NUL, pad to 4)")
    func readAll() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let length = try client.command("READ iio:device0 BUFFER")
        let payload = try client.bytes(length + 1)
        var values: [String] = []
        var offset = 0
        while offset < length {
            let size = Int(Int32(bitPattern: UInt32(payload[offset]) << 24 | UInt32(payload[offset + 1]) << 16
                | UInt32(payload[offset + 2]) << 8 | UInt32(payload[offset + 3])))
            offset += 4
            values.append(String(decoding: payload[offset..<(offset + size)].prefix { $0 != 0 }, as: UTF8.self))
            offset += (size + 3) / 4 * 4
        }
        #expect(values == ["0"])  // data_available: libiio 0.24 lists no other buffer attribute
    }

    @Test("WRITE stores the value for every client, answers the byte count, and is logged")
    func writes() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.write("accel_3d INPUT accel_x sampling_frequency", value: "50") == 3)
        // in_accel_sampling_frequency is one sysfs file shared by the three axes; the driver prints it back
        // as IIO_VAL_INT_PLUS_MICRO.
        #expect(try client.read("READ iio:device0 INPUT accel_z sampling_frequency") == .success("50.000000"))
        let other = try RawClient(port: server.port)
        #expect(try other.read("READ accel_3d INPUT accel_y in_accel_sampling_frequency") == .success("50.000000"))
        #expect(server.value(device: "accel_3d", channel: "accel_x", attribute: "sampling_frequency") == "50.000000")
        #expect(try client.write("iio:device0 BUFFER watermark", value: "64") == 3)
        #expect(server.value(device: "iio:device0", kind: .buffer, attribute: "watermark") == "64")
        #expect(server.writes.map(\.value) == ["50", "64"])
        #expect(server.writes.first?.channel == "accel_x")
    }

    @Test("WRITE errors: read-only EACCES, non-numeric and unlisted rates EINVAL, injected errno, unknown ENOENT")
    func writeErrors() throws {
        let fixture = IIOFixture.stLsm6dsx.failingWrites(device: "lsm6dsm_gyro", attribute: "sampling_frequency", errno: EBUSY)
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.write("lsm6dsm_accel INPUT accel_x raw", value: "5") == -EACCES)
        #expect(try client.write("lsm6dsm_accel sampling_frequency_available", value: "5") == -EACCES)
        #expect(try client.write("lsm6dsm_accel sampling_frequency", value: "fast") == -EINVAL)
        #expect(try client.write("lsm6dsm_accel sampling_frequency", value: "100") == -EINVAL)  // not in the list
        #expect(try client.write("lsm6dsm_accel sampling_frequency", value: "208") == 4)
        #expect(try client.read("READ lsm6dsm_accel sampling_frequency") == .success("208.000000"))
        #expect(try client.write("lsm6dsm_gyro sampling_frequency", value: "208") == -EBUSY)
        #expect(try client.write("lsm6dsm_accel INPUT accel_y scale", value: "0.5") == -EINVAL)  // not in scale_available
        #expect(try client.write("lsm6dsm_accel INPUT accel_y scale", value: "0.002392") == 9)
        #expect(server.value(device: "lsm6dsm_accel", channel: "accel_z", attribute: "scale") == "0.002392")
        #expect(try client.write("lsm6dsm_accel current_timestamp_clock", value: "monotonic") == 10)  // text
        #expect(try client.write("lsm6dsm_accel nosuch", value: "1") == -ENOENT)
        #expect(try client.write("nodev nosuch", value: "1") == -ENODEV)
        // The payload of a refused write is consumed: the session is still in step.
        try client.send("VERSION\r\n")
        #expect(try client.line() == "0.24.v0.24  ")
        #expect(server.value(device: "lsm6dsm_accel", attribute: "sampling_frequency") == "208.000000")
        #expect(server.value(device: "lsm6dsm_gyro", attribute: "sampling_frequency") == "104.000000")
    }

    @Test("injected read errors answer their errno")
    func readFailure() throws {
        let fixture = IIOFixture.bmi160.failingReads(device: "bmi160", channel: "*", attribute: "in_accel_scale", errno: EINVAL)
        let server = try IIODTestServer(fixture: fixture)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("READ bmi160 INPUT accel_x scale") == -EINVAL)
        #expect(try client.read("READ bmi160 INPUT anglvel_x scale") == .success("0.001065"))
    }

    @Test("GETTRIG: name with length, EIO for bmi160, ENOENT for FIFO drivers and triggers; SETTRIG changes it")
    func triggers() throws {
        let hub = try IIODTestServer(fixture: .hidSensorHub)
        defer { hub.stop() }
        let client = try RawClient(port: hub.port)
        #expect(try client.command("GETTRIG iio:device1") == "gyro_3d-dev1".utf8.count)
        #expect(try client.line() == "gyro_3d-dev1")
        #expect(try client.command("GETTRIG trigger0") == -ENOENT)
        #expect(try client.command("SETTRIG iio:device1 nosuch") == -ENOENT)
        #expect(try client.command("SETTRIG iio:device1") == 0)
        #expect(try client.command("GETTRIG iio:device1") == 0)
        #expect(hub.currentTrigger(of: "gyro_3d") == nil)
        #expect(try client.command("SETTRIG iio:device1 trigger1") == 0)
        #expect(hub.currentTrigger(of: "gyro_3d") == "gyro_3d-dev1")
        #expect(try client.command("GETTRIG nodev") == -ENODEV)

        let bmi = try IIODTestServer(fixture: .bmi160)
        defer { bmi.stop() }
        #expect(try RawClient(port: bmi.port).command("GETTRIG iio:device0") == -EIO)
        let st = try IIODTestServer(fixture: .stLsm6dsx)
        defer { st.stop() }
        #expect(try RawClient(port: st.port).command("GETTRIG iio:device0") == -ENOENT)
    }

    @Test("SET BUFFERS_COUNT, OPEN/CLOSE/READBUF errors as iiod answers them")
    func bufferErrors() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("SET iio:device0 BUFFERS_COUNT 4") == 0)
        #expect(try client.command("SET iio:device0 BUFFERS_COUNT 0") == -EINVAL)
        #expect(try client.command("SET nodev BUFFERS_COUNT 4") == -ENODEV)
        #expect(try client.command("READBUF iio:device0 100") == -EBADF)
        #expect(try client.command("CLOSE iio:device0") == -ENXIO)
        #expect(try client.command("OPEN iio:device0 4 3") == -EINVAL)  // mask must be 8 hex digits per word
        // No trigger: enabling the triggered buffer fails like the kernel's (HIL-FACTS.md).
        #expect(try client.command("OPEN iio:device0 4 000000ff") == -EINVAL)
        #expect(server.openBufferCount == 0)
    }

    @Test("garbage, empty and over-long lines do not break the session; EXIT closes it")
    func garbage() throws {
        let server = try IIODTestServer(fixture: .accelOnly)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.send([0x01, 0x02, 0xFF, 0xFE, 0x0D, 0x0A])
        #expect(try client.line() == "-22")
        try client.send("\r\n\n")
        try client.send(Array(repeating: UInt8(ascii: "A"), count: 200_000) + [0x0A])
        #expect(try client.line() == "-22")
        try client.send("VERSION\r\n")
        #expect(try client.line() == "0.24.v0.24  ")
        try client.send("EXIT\r\n")
        #expect(client.isClosed())
        #expect(server.commands.contains("EXIT"))
    }

    @Test("several clients at once; stop() disconnects them and frees the port")
    func concurrentClients() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub)
        let clients = try (0..<6).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            #expect(try client.read("READ iio:device\(index % 3) current_timestamp_clock") == .success("realtime"))
        }
        #expect(server.connectionCount == 6)
        server.stop()
        for client in clients { #expect(client.isClosed()) }
        let again = try IIODTestServer(fixture: .empty, port: server.port)
        #expect(again.port == server.port)
        again.stop()
    }

    @Test("listening on a bad host or a taken port fails with a one-line reason")
    func listenErrors() throws {
        #expect(throws: IIODTestServerError.self) { try IIODTestServer(fixture: .empty, host: "localhost") }
        let first = try IIODTestServer(fixture: .empty)
        defer { first.stop() }
        do {
            _ = try IIODTestServer(fixture: .empty, port: first.port)
            Issue.record("second bind on \(first.port) succeeded")
        } catch let error as IIODTestServerError {
            #expect(error.description.contains("bind failed"))
            #expect(!error.description.contains("\n"))
        }
    }
}
