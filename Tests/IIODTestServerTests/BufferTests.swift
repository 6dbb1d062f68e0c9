import Foundation
import MotionMath
import Glibc
import MotionSimulation
import TestSupport
import Testing
@testable import IIODTestServer

/// Sensor readings chosen freely per time (not a consistent rigid-body motion: the server only encodes them), so
/// that every axis moves and axis swaps or sign errors show.
struct TestTrajectory: Trajectory {
    var readings: @Sendable (Double) -> (specificForce: Vector3, angularVelocity: Vector3, magneticField: Vector3)

    func truth(at t: Double) -> MotionTruth {
        let reading = readings(t)
        return MotionTruth(
            t: t, attitude: .identity, angularVelocity: reading.angularVelocity, specificForce: reading.specificForce,
            magneticField: reading.magneticField, gravity: Vector3(0, 0, 9.81), userAcceleration: .zero,
            position: .zero, velocity: .zero
        )
    }
}

let testMotion = TestTrajectory { t in
    (Vector3(1.5 * sin(t), -2 + 0.5 * cos(3 * t), 9.5), Vector3(0.4 * sin(2 * t), -0.3, 0.2 * cos(t)),
     Vector3(20 * cos(t), 20 * sin(t), -40))
}

/// Decodes samples the way a reader of the kernel ABI would, written independently of the server's encoder.
struct SampleDecoder {
    struct Field {
        var channel: FixtureChannel
        var offset: Int
    }
    var fields: [Field] = []
    var size = 0

    init(device: FixtureDevice, channels: [String]) {
        for channel in device.channels where channels.contains(channel.id) {
            guard let format = channel.scanFormat else { continue }
            let length = format.storageBits / 8 * format.repeatCount
            size = (size + length - 1) / length * length
            fields.append(Field(channel: channel, offset: size))
            size += length
        }
    }

    static func value(_ bytes: ArraySlice<UInt8>, _ format: FixtureScanFormat) -> Int64 {
        var word: UInt64 = 0
        let ordered = format.isBigEndian ? Array(bytes) : Array(bytes.reversed())
        for byte in ordered { word = word << 8 | UInt64(byte) }
        word >>= UInt64(format.shift)
        if format.bits < 64 {
            word &= (UInt64(1) << format.bits) - 1
            if format.isSigned && word & (UInt64(1) << (format.bits - 1)) != 0 { word |= ~((UInt64(1) << format.bits) - 1) }
        }
        return Int64(bitPattern: word)
    }

    /// Samples as [channel id: raw value].
    func decode(_ data: [UInt8]) -> [[String: Int64]] {
        stride(from: 0, to: data.count - size + 1, by: size).map { base in
            var sample: [String: Int64] = [:]
            for field in fields {
                let format = field.channel.scanFormat!
                let start = base + field.offset
                sample[field.channel.id] = Self.value(data[start..<(start + format.storageBits / 8)], format)
            }
            return sample
        }
    }
}

/// What the toolkit does with raw samples: (raw + offset) · scale, then the mount matrix.
func corrected(_ sample: [String: Int64], kind: ChannelKind, device: FixtureDevice, server: IIODTestServer) -> SIMD3<Double> {
    var vector = SIMD3<Double>.zero
    for axis in ChannelAxis.allCases {
        let id = "\(kind.rawValue)_\(axis.suffix)"
        let scale = Double(server.value(device: device.id, channel: id, attribute: "scale") ?? "1") ?? 1
        let offset = Double(server.value(device: device.id, channel: id, attribute: "offset") ?? "0") ?? 0
        vector[axis.rawValue] = (Double(sample[id] ?? 0) + offset) * scale
    }
    let matrixText = server.value(device: device.id, channel: "mount", attribute: "matrix")
        ?? server.value(device: device.id, attribute: "mount_matrix")
    let matrix = matrixText.flatMap { FixtureMountMatrix($0) } ?? .identity
    return matrix.apply(vector)
}

func physical(_ truth: MotionTruth, _ kind: ChannelKind) -> SIMD3<Double> {
    switch kind {
    case .accel: return truth.specificForce.simd
    case .anglvel: return truth.angularVelocity.simd
    case .magn: return truth.magneticField.simd / 100
    default: return .zero
    }
}

@Suite("Buffered samples")
struct BufferTests {
    @Test("READBUF frames: byte count, the mask before the first chunk only, chunks of the buffer size, a closing 0")
    func framing() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, trajectory: testMotion, rateScale: .infinity)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("OPEN iio:device0 4 0000000f") == 0)
        #expect(server.openBufferCount == 1)
        #expect(try client.command("READBUF iio:device0 96") == 96)
        #expect(try client.line() == "0000000f")
        _ = try client.bytes(96)
        #expect(try client.command("READBUF iio:device0 10") == 0)  // less than one 24-byte sample
        #expect(try client.command("READBUF iio:device0 200") == 96)
        #expect(try client.line() == "0000000f")
        _ = try client.bytes(96)
        #expect(try client.line() == "96")
        _ = try client.bytes(96)
        #expect(try client.line() == "0")  // 8 bytes left over: fewer than a sample
        #expect(try client.command("CLOSE iio:device0") == 0)
        #expect(try client.command("READBUF iio:device0 96") == -EBADF)
        #expect(server.openBufferCount == 0)
    }

    @Test("raw reads answer EBUSY while the buffer runs on drivers that claim direct mode; HID does not")
    func rawBusy() throws {
        let mpu = try IIODTestServer(fixture: .invMpu6050, trajectory: testMotion, rateScale: .infinity)
        defer { mpu.stop() }
        let streaming = try RawClient(port: mpu.port)
        let polling = try RawClient(port: mpu.port)
        #expect(try streaming.command("OPEN mpu6050 4 00000001") == 0)
        #expect(mpu.openBufferCount(of: "mpu6050") == 1)
        #expect(try polling.command("READ mpu6050 INPUT accel_x raw") == -EBUSY)
        #expect(try polling.read("READ mpu6050 INPUT accel_x scale") == .success("0.004785"))
        #expect(try streaming.command("CLOSE mpu6050") == 0)
        guard case .success = try polling.read("READ mpu6050 INPUT accel_x raw") else {
            Issue.record("raw read still busy after CLOSE")
            return
        }
        let hub = try IIODTestServer(fixture: .hidSensorHub, trajectory: testMotion, rateScale: .infinity)
        defer { hub.stop() }
        let hubStreaming = try RawClient(port: hub.port)
        #expect(try hubStreaming.command("OPEN accel_3d 4 00000001") == 0)
        guard case .success = try RawClient(port: hub.port).read("READ accel_3d INPUT accel_x raw") else {
            Issue.record("HID raw read refused while buffered")
            return
        }
    }

    @Test(
        "iio_readdev samples decode to the truth after scale and mount matrix, at 1/rate spacing",
        .enabled(if: Tools.haveLibiioUtils, "needs libiio-utils (scripts/install-deps installs it)"),
        arguments: [
            ("inv-mpu6050", "mpu6050"), ("hid-sensor-hub", "accel_3d"), ("hid-sensor-hub", "gyro_3d"),
            ("hid-sensor-hub", "magn_3d"), ("st-lsm6dsx", "lsm6dsm_gyro"), ("inv-icm42600", "icm42605-accel"),
        ]
    )
    func readdevMatchesTruth(_ fixtureName: String, _ deviceName: String) throws {
        let fixture = try #require(IIOFixture.named(fixtureName))
        let device = try #require(fixture.device(deviceName))
        let server = try IIODTestServer(fixture: fixture, trajectory: testMotion, rateScale: .infinity)
        defer { server.stop() }
        let count = 40
        let result = try Subprocess.run("iio_readdev", ["-u", server.uri, "-s", "\(count)", deviceName])
        #expect(result.status == 0, "\(result.stderr)")
        let decoder = SampleDecoder(device: device, channels: device.scanChannels.map(\.id))
        let samples = decoder.decode(Array(result.stdout))
        #expect(samples.count == count)
        let rate = Double(server.value(device: deviceName, attribute: "sampling_frequency")
            ?? server.value(device: deviceName, channel: device.scanChannels[0].id, attribute: "sampling_frequency") ?? "0") ?? 0
        #expect(rate > 0)
        let kinds = Set(device.scanChannels.map(\.kind)).intersection([.accel, .anglvel, .magn])
        var previous: Int64?
        for (index, sample) in samples.enumerated() {
            // Devices without a timestamp channel (magn_3d) are checked against the server's sample grid instead.
            let time: Double
            if let timestamp = sample["timestamp"] {
                time = server.trajectoryTime(ofTimestamp: timestamp)
                if let previous { #expect(abs(Double(timestamp - previous) - 1e9 / rate) <= 1) }
                previous = timestamp
            } else {
                time = Double(index) / rate
            }
            for kind in kinds {
                let expected = physical(testMotion.truth(at: time), kind)
                let got = corrected(sample, kind: kind, device: device, server: server)
                let scale = Double(server.value(device: deviceName, channel: "\(kind.rawValue)_x", attribute: "scale") ?? "1") ?? 1
                // One count of rounding per axis (mount matrices here are signed permutations).
                if sample["timestamp"] != nil {
                    #expect(abs(got.x - expected.x) <= scale && abs(got.y - expected.y) <= scale
                        && abs(got.z - expected.z) <= scale, "\(deviceName) \(kind) sample \(index): \(got) vs \(expected)")
                }
            }
        }
    }

    @Test(
        "split accel and gyro stream on one sample grid, so timestamps of both devices line up",
        .enabled(if: Tools.haveLibiioUtils, "needs libiio-utils (scripts/install-deps installs it)")
    )
    func splitDevicesShareClock() throws {
        let server = try IIODTestServer(fixture: .stLsm6dsx, trajectory: testMotion, rateScale: .infinity)
        defer { server.stop() }
        let accel = try #require(IIOFixture.stLsm6dsx.device("lsm6dsm_accel"))
        let gyro = try #require(IIOFixture.stLsm6dsx.device("lsm6dsm_gyro"))
        let a = try Subprocess.run("iio_readdev", ["-u", server.uri, "-s", "8", "lsm6dsm_accel"])
        let g = try Subprocess.run("iio_readdev", ["-u", server.uri, "-s", "8", "lsm6dsm_gyro"])
        let accelStamps = SampleDecoder(device: accel, channels: accel.scanChannels.map(\.id)).decode(Array(a.stdout)).compactMap { $0["timestamp"] }
        let gyroStamps = SampleDecoder(device: gyro, channels: gyro.scanChannels.map(\.id)).decode(Array(g.stdout)).compactMap { $0["timestamp"] }
        #expect(accelStamps.count == 8 && gyroStamps.count == 8)
        let period = 1e9 / 104
        for stamp in gyroStamps {
            let steps = Double(stamp - accelStamps[0]) / period
            #expect(abs(steps - steps.rounded()) < 1e-6 * max(1, abs(steps)) + 2 / period)
        }
    }

    @Test(
        "a subset of channels: only the enabled ones, packed and aligned as libiio expects",
        .enabled(if: Tools.haveLibiioUtils, "needs libiio-utils (scripts/install-deps installs it)")
    )
    func channelSubset() throws {
        let server = try IIODTestServer(fixture: .invMpu6050, trajectory: testMotion, rateScale: .infinity)
        defer { server.stop() }
        let device = try #require(IIOFixture.invMpu6050.device("mpu6050"))
        let result = try Subprocess.run("iio_readdev", ["-u", server.uri, "-s", "5", "mpu6050", "anglvel_z", "timestamp"])
        #expect(result.status == 0)
        #expect(result.stdout.count == 5 * 16)  // s16 then padding to the 8-byte timestamp
        let samples = SampleDecoder(device: device, channels: ["anglvel_z", "timestamp"]).decode(Array(result.stdout))
        for sample in samples {
            let time = server.trajectoryTime(ofTimestamp: try #require(sample["timestamp"]))
            // Mount matrix row 3 is (0, 0, 1): z passes through; 1 count tolerance.
            let expected = testMotion.truth(at: time).angularVelocity.z / 0.001064724
            #expect(abs(Double(try #require(sample["anglvel_z"])) - expected) <= 1)
        }
    }

    @Test("at rate scale 1 samples are not delivered before their time (lower bound only)")
    func pacing() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, trajectory: testMotion, rateScale: 1)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        // Taken before the buffer is opened: the first sample's time cannot come earlier, however late this thread
        // runs after the reply (a clock read after OPEN made a loaded machine look like early delivery).
        let start = ServerState.now(CLOCK_MONOTONIC)
        #expect(try client.command("OPEN iio:device1 10 0000000f") == 0)
        for _ in 0..<3 {
            let length = try client.command("READBUF iio:device1 240")
            #expect(length == 240)
            _ = try client.line()
            _ = try client.bytes(length)
        }
        // 30 samples at 100 Hz span 0.29 s of trajectory from the first one.
        let elapsed = Double(ServerState.now(CLOCK_MONOTONIC) - start) / 1e9
        #expect(elapsed >= 0.28)
    }

    @Test("a client vanishing mid-buffer releases its buffer; other clients go on")
    func disconnectMidBuffer() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, trajectory: testMotion, rateScale: 1)
        defer { server.stop() }
        do {
            let leaving = try RawClient(port: server.port)
            #expect(try leaving.command("OPEN iio:device0 1000 0000000f") == 0)
            try leaving.send("READBUF iio:device0 24000\r\n")  // 10 s of samples at 100 Hz
        }
        let staying = try RawClient(port: server.port)
        #expect(try staying.command("OPEN iio:device0 2 0000000f") == 0)
        #expect(try staying.command("READBUF iio:device0 48") == 48)
        // The leaving session notices at its next write (when its block is due) or at once on stop.
        var waited = 0
        while server.connectionCount > 1 && waited < 150 {
            usleep(100_000)
            waited += 1
        }
        #expect(server.connectionCount == 1)
        #expect(server.openBufferCount == 1)
    }
}

@Suite("Default trajectory")
struct DefaultTrajectoryTests {
    @Test(
        "by default the samples are MotionSimulation's demo scene: mpu6050 decodes to its truth (1 count)",
        .enabled(if: Tools.haveLibiioUtils, "needs libiio-utils (scripts/install-deps installs it)")
    )
    func demoThroughReaddev() throws {
        let server = try IIODTestServer(fixture: .invMpu6050, rateScale: .infinity)
        defer { server.stop() }
        let device = try #require(IIOFixture.invMpu6050.device("mpu6050"))
        let result = try Subprocess.run("iio_readdev", ["-u", server.uri, "-s", "30", "mpu6050"])
        #expect(result.status == 0)
        let samples = SampleDecoder(device: device, channels: device.scanChannels.map(\.id)).decode(Array(result.stdout))
        #expect(samples.count == 30)
        for sample in samples {
            let truth = server.truth(atTimestamp: try #require(sample["timestamp"]))
            let accel = corrected(sample, kind: .accel, device: device, server: server)
            let gyro = corrected(sample, kind: .anglvel, device: device, server: server)
            #expect(abs(accel.x - truth.specificForce.x) <= 0.004785 && abs(accel.y - truth.specificForce.y) <= 0.004785
                && abs(accel.z - truth.specificForce.z) <= 0.004785)
            #expect(abs(gyro.x - truth.angularVelocity.x) <= 0.001064724
                && abs(gyro.y - truth.angularVelocity.y) <= 0.001064724
                && abs(gyro.z - truth.angularVelocity.z) <= 0.001064724)
        }
        // The demo scene starts at rest, flat: gravity on +z.
        #expect(abs(server.trajectory.truth(at: 0).specificForce.z - 9.81) < 0.01)
    }

    @Test("yawing(): flat, ω_z = sin(2π·0.25·t), heading its integral (1e-9)")
    func yawing() {
        let trajectory = ScriptedTrajectory.yawing()
        for t in stride(from: 0.0, through: 6, by: 0.37) {
            let truth = trajectory.truth(at: t)
            #expect(abs(truth.angularVelocity.z - sin(2 * Double.pi * 0.25 * t)) < 1e-9)
            #expect(abs(truth.angularVelocity.x) < 1e-12 && abs(truth.angularVelocity.y) < 1e-12)
            #expect(abs(truth.specificForce.z - 9.81) < 1e-9 && abs(truth.specificForce.x) < 1e-9)
            let heading = (1 - cos(2 * Double.pi * 0.25 * t)) / (2 * Double.pi * 0.25)
            #expect(abs(truth.attitude.angle(to: Quaternion(axis: Vector3(0, 0, 1), angle: heading))) < 1e-9)
        }
    }
}

@Suite("Fault injection")
struct FaultInjectionTests {
    /// Reads `count` samples of hub accel (24 bytes each) through a raw client and returns their timestamps.
    private func timestamps(_ client: RawClient, count: Int) throws -> [Int64] {
        let length = try client.command("READBUF iio:device0 \(count * 24)")
        #expect(length == count * 24)
        _ = try client.line()
        let data = try client.bytes(length)
        return (0..<count).map { index in
            SampleDecoder.value(data[(index * 24 + 16)..<(index * 24 + 24)], FixtureScanFormat("le:s64/64>>0")!)
        }
    }

    @Test("dropEvery leaves grid samples out: timestamp gaps of two periods, exactly where expected")
    func drops() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, trajectory: testMotion, rateScale: .infinity, dropEvery: 5)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("OPEN iio:device0 20 0000000f") == 0)
        let stamps = try timestamps(client, count: 20)
        let period = 1e9 / 100
        let gaps = zip(stamps, stamps.dropFirst()).map { (Double($1 - $0) / period).rounded() }
        #expect(Set(gaps) == [1, 2])
        #expect(gaps.filter { $0 == 2 }.count == 4 || gaps.filter { $0 == 2 }.count == 5)
        for stamp in stamps {
            let k = Int64((server.trajectoryTime(ofTimestamp: stamp) * 100).rounded())
            #expect(k % 5 != 0)
        }
    }

    @Test("vanish() fails a waiting READBUF and later OPENs with -ENODEV within a second")
    func vanish() throws {
        let server = try IIODTestServer(fixture: .hidSensorHub, trajectory: testMotion, rateScale: 1)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.command("OPEN iio:device0 500 0000000f") == 0)
        try client.send("READBUF iio:device0 12000\r\n")  // 5 s of samples
        usleep(200_000)
        server.vanish()
        #expect(try client.line() == "-\(ENODEV)")  // RawClient's receive timeout bounds the wait at 5 s
        #expect(try client.command("READBUF iio:device0 24") == -ENODEV)
        #expect(try client.command("OPEN iio:device1 4 0000000f") == -ENODEV)
        #expect(try client.read("READ accel_3d current_timestamp_clock") == .success("realtime"))
    }

    @Test("dropConnections() disconnects clients; new ones are served")
    func dropConnections() throws {
        let server = try IIODTestServer(fixture: .accelOnly)
        defer { server.stop() }
        let first = try RawClient(port: server.port)
        #expect(try first.command("TIMEOUT 1000") == 0)
        server.dropConnections()
        #expect(first.isClosed())
        let second = try RawClient(port: server.port)
        #expect(try second.command("TIMEOUT 1000") == 0)
    }
}
