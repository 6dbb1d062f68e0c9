import IIODTestServer
import Testing

@testable import IIO

#if canImport(Glibc)
import Glibc
#endif

@Suite("IIO through libiio's network client against the test iiod", .serialized)
struct NetworkContextTests {
    @Test("typed attribute reads and writes for device, channel, buffer and debug attributes")
    func attributes() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let context = try Context(uri: server.uri)
        try context.setTimeout(milliseconds: 2000)
        #expect(context.name == "network")
        let device = try #require(context.device(named: "mpu6050"))
        #expect(try device.readAttribute("sampling_frequency", as: Int.self) == 50)
        // libiio 0.24 parses in_mount_matrix as the pseudo-channel `mount` with the attribute `matrix`.
        let mount = try #require(device.channel("mount"))
        #expect(try mount.readAttribute("matrix") == "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(mount.attributeFilename("matrix") == "in_mount_matrix")
        let x = try #require(device.channel("accel_x"))
        #expect(try x.readAttribute("scale", as: Double.self) == 0.004785)
        #expect(x.attributeFilename("scale") == "in_accel_scale")
        #expect(try device.readAttribute("data_available", .buffer, as: Int.self) == 0)
        #expect(try device.readAttribute("direct_reg_access", .debug) == "0x68")

        try device.writeAttribute("sampling_frequency", value: 200)
        #expect(try device.readAttribute("sampling_frequency", as: Int.self) == 200)
        try x.writeAttribute("calibbias", value: -12)
        #expect(try x.readAttribute("calibbias", as: Int.self) == -12)
        // libiio 0.24 reserves buffer/length, enable and watermark (not listed); data_available is read-only.
        #expect(errnoOf { try device.writeAttribute("data_available", .buffer, value: 4) } == .permissionDenied)
        #expect(errnoOf { try device.writeAttribute("watermark", .buffer, value: 4) } == .noSuchFileOrDirectory)

        // Read-only sysfs files answer EACCES, as the kernel does for a file without store method.
        do {
            try mount.writeAttribute("matrix", value: "1, 0, 0; 0, 1, 0; 0, 0, 1")
            Issue.record("expected EACCES")
        } catch IIOErrno.permissionDenied {
        } catch {
            Issue.record("unexpected \(error)")
        }
        // A value that is not a number is a parse error naming the attribute and the text.
        do {
            _ = try device.readAttribute("current_timestamp_clock", as: Double.self)
            Issue.record("expected a parse error")
        } catch {
            #expect(error.isParseFailure)
            #expect(error.value == "realtime")
            #expect(error.attribute == "current_timestamp_clock")
        }
    }

    @Test("triggers: current, cleared and set again; EIO for a trigger-less bmi160")
    func triggers() throws {
        let server = try IIODTestServer(fixture: .invMpu6050)
        defer { server.stop() }
        let context = try Context(uri: server.uri)
        let device = try #require(context.device(named: "mpu6050"))
        let trigger = try #require(try device.trigger())
        #expect(trigger.name == "mpu6050-dev0")
        #expect(trigger.isTrigger)
        try device.setTrigger(nil)
        #expect(try device.trigger() == nil)
        try device.setTrigger(trigger)
        #expect(try device.trigger()?.name == "mpu6050-dev0")

        let bmiServer = try IIODTestServer(fixture: .bmi160)
        defer { bmiServer.stop() }
        let bmiContext = try Context(uri: bmiServer.uri)
        let bmi = try #require(bmiContext.device(named: "bmi160"))
        #expect(errnoOf { _ = try bmi.trigger() } == .ioError)
    }

    @Test("a buffer refills with whole samples that decode per channel; timestamps increase")
    func buffer() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, rateScale: .infinity)
        defer { server.stop() }
        let context = try Context(uri: server.uri)
        try context.setTimeout(milliseconds: 5000)
        let device = try #require(context.device(named: "accel_3d"))
        let channels = ["accel_x", "accel_y", "accel_z", "timestamp"].compactMap { device.channel($0) }
        #expect(channels.count == 4)
        channels.forEach { $0.enable() }
        #expect(try device.sampleSize() == 24)
        let buffer = try device.createBuffer(samples: 32)
        #expect(buffer.step == 24)
        let bytes = try buffer.refill()
        #expect(bytes == 32 * 24)
        #expect(buffer.sampleCount == 32)
        #expect(buffer.byteOffset(of: channels[0]) == 0)
        #expect(buffer.byteOffset(of: channels[2]) == 8)
        #expect(buffer.byteOffset(of: channels[3]) == 16)
        let timestamps = buffer.values(of: channels[3])
        #expect(timestamps.count == 32)
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 })
        let z = buffer.values(of: channels[2])
        #expect(z.count == 32)
        let raw = try #require(buffer.rawBytes(of: channels[2], sample: 0))
        #expect(raw.count == 4)
        let converted = try #require(buffer.convertedBytes(of: channels[2], sample: 0))
        let hostValue = converted.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
        #expect(Int64(hostValue) == z[0])
        #expect(buffer.rawBytes(of: channels[2], sample: 32) == nil)
        let total = buffer.withUnsafeBytes { $0.count }
        #expect(total == bytes)
        // A second refill delivers the next block: timestamps keep increasing.
        try buffer.refill()
        let next = buffer.values(of: channels[3])
        #expect(next.first.map { $0 > timestamps.last! } == true)
        #expect(errnoOf { _ = try buffer.pollFileDescriptor() } != nil)  // network buffers have no poll fd
    }

    @Test("a triggered-buffer driver without trigger refuses the buffer with EINVAL")
    func bufferWithoutTrigger() throws {
        let server = try IIODTestServer(fixture: .bmi160)
        defer { server.stop() }
        let context = try Context(uri: server.uri)
        let device = try #require(context.device(named: "bmi160"))
        device.channel("accel_x")?.enable()
        #expect(errnoOf { _ = try device.createBuffer(samples: 8) } == .invalidArgument)
    }

    @Test("a cancelled buffer stops refilling")
    func cancel() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, rateScale: .infinity)
        defer { server.stop() }
        let context = try Context(uri: server.uri)
        let device = try #require(context.device(named: "gyro_3d"))
        device.channel("anglvel_x")?.enable()
        let buffer = try device.createBuffer(samples: 4)
        try buffer.refill()
        buffer.canceller.cancel()
        #expect(errnoOf { _ = try buffer.refill() } != nil)
    }
}
