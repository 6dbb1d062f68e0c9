import IIO
import MotionMath
import Testing
@testable import Sensors

/// Decoding refills from byte fixtures: values, conversion, kernel and arrival times.
@Suite("Capture: scan decoder")
struct CaptureScanDecoderTests {
    static func sensor(
        _ kind: SensorKind, scale: [Double]? = [1, 1, 1], mountMatrix: MountMatrix = .identity
    ) -> DiscoveredSensor {
        DiscoveredSensor(
            kind: kind, deviceID: "iio:device0", deviceName: "imu", identity: SensorIdentity(rawValue: "imu@test"),
            axes: [], scale: scale, offset: scale.map { _ in [0, 0, 0] }, mountMatrix: mountMatrix,
            captureMode: .buffered, captureReason: "test")
    }

    static func field(_ format: String, at offset: Int) -> ScanLayout.Field {
        ScanLayout.Field(format: ScanFormat(format)!, offset: offset)
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// A HID hub's accel_3d sample: x, y, z as s32, 4 bytes padding, s64 timestamp (ns).
    static func hidSample(_ x: Int32, _ y: Int32, _ z: Int32, ns: Int64) -> [UInt8] {
        littleEndian(x) + littleEndian(y) + littleEndian(z) + [0xAA, 0xBB, 0xCC, 0xDD] + littleEndian(ns)
    }

    static let hidAxes = [field("le:s32/32>>0", at: 0), field("le:s32/32>>0", at: 4), field("le:s32/32>>0", at: 8)]

    static func decode(
        _ decoder: inout ScanDecoder, _ bytes: [UInt8], step: Int, arrival: Double = 0
    ) -> (readings: [SensorReading], kernelTimes: [Double]) {
        var readings: [SensorReading] = []
        var times: [Double] = []
        bytes.withUnsafeBytes { raw in
            decoder.decode(raw, step: step, arrival: arrival, into: &readings) { times.append($0) }
        }
        return (readings, times)
    }

    @Test func kernelTimedSamplesDecodeAndConvert() {
        var decoder = ScanDecoder(
            sensors: [.init(sensor: Self.sensor(.accelerometer, scale: [0.5, 0.5, 0.5]), kind: .accelerometer, axes: Self.hidAxes)],
            timestamp: Self.field("le:s64/64>>0", at: 16), rate: 100)
        let bytes = Self.hidSample(2, -4, 20, ns: 1_000_000_000) + Self.hidSample(-2, 0, 19, ns: 1_010_000_000)
        let (readings, times) = Self.decode(&decoder, bytes, step: 24, arrival: 1e6)
        #expect(
            readings == [
                SensorReading(kind: .accelerometer, t: 1.0, value: Vector3(1, -2, 10)),
                SensorReading(kind: .accelerometer, t: 1.01, value: Vector3(-1, 0, 9.5)),
            ])
        #expect(times == [1.0, 1.01])
    }

    /// 16-bit HID fields in 32-bit storage carry the neighbour's bytes in the upper half (HIL-FACTS.md): masked off
    /// and sign-extended from bit 15. The magnetometer's Gauss become µT and the mount matrix applies.
    @Test func maskedFieldsUnitFactorAndMountMatrix() throws {
        let swapXY = try #require(MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, 1"))
        let axes = [Self.field("le:s16/32>>0", at: 0), Self.field("le:s16/32>>0", at: 4), Self.field("le:s16/32>>0", at: 8)]
        var decoder = ScanDecoder(
            sensors: [.init(sensor: Self.sensor(.magnetometer, scale: [0.001, 0.001, 0.001], mountMatrix: swapXY), kind: .magnetometer, axes: axes)],
            timestamp: nil, rate: 10)
        let bytes: [UInt8] = [0xFF, 0xFF, 0x34, 0x12, 0x64, 0x00, 0x78, 0x56, 0x00, 0x80, 0xFF, 0x7F]
        let (readings, times) = Self.decode(&decoder, bytes, step: 12, arrival: 50)
        let value = try #require(readings.first?.value)
        // raw (−1, 100, −32768) × 0.001 G × 100 µT/G, then x and y swapped.
        #expect(abs(value.x - 10) < 1e-12 && abs(value.y + 0.1) < 1e-12 && abs(value.z + 3276.8) < 1e-9)
        #expect(readings.first?.t == 50)
        #expect(times.isEmpty)
    }

    /// Without a timestamp channel a refill's samples end at its arrival, one nominal period apart, and never come
    /// closer than half a period to the sample before, even when a refill arrives early.
    @Test func arrivalTimesSpreadBackAndIncrease() {
        var decoder = ScanDecoder(
            sensors: [.init(sensor: Self.sensor(.gyroscope), kind: .gyroscope, axes: Self.hidAxes)],
            timestamp: nil, rate: 100)
        let sample: [UInt8] = [Int32(1), 2, 3].flatMap(Self.littleEndian)
        let first = Self.decode(&decoder, sample + sample + sample, step: 12, arrival: 10)
        let expected: [Double] = [10 - 2.0 / 100, 10 - 1.0 / 100, 10]
        #expect(first.readings.map(\.t) == expected)
        #expect(first.readings.allSatisfy { $0.value == Vector3(1, 2, 3) && $0.kind == .gyroscope })
        #expect(first.kernelTimes.isEmpty)
        // The next refill returned only 1 ms later: its two samples are pushed to 5 ms apart.
        let second = Self.decode(&decoder, sample + sample, step: 12, arrival: 10.001)
        let later: [Double] = [10 + 0.5 / 100, 10 + 0.5 / 100 + 0.5 / 100]
        #expect(second.readings.map(\.t) == later)
    }

    /// Several sensors per sample (a combined IMU) each give one reading per sample, in sensor order; a sensor whose
    /// scale is unknown gives none; bytes after the last whole sample are ignored.
    @Test func combinedSensorsAndUnknownScale() {
        let gyro = [Self.field("le:s16/16>>0", at: 0), Self.field("le:s16/16>>0", at: 2), Self.field("le:s16/16>>0", at: 4)]
        let accel = [Self.field("le:s16/16>>0", at: 6), Self.field("le:s16/16>>0", at: 8), Self.field("le:s16/16>>0", at: 10)]
        var decoder = ScanDecoder(
            sensors: [
                .init(sensor: Self.sensor(.gyroscope), kind: .gyroscope, axes: gyro),
                .init(sensor: Self.sensor(.accelerometer), kind: .accelerometer, axes: accel),
                .init(sensor: Self.sensor(.magnetometer, scale: nil), kind: .magnetometer, axes: accel),
            ],
            timestamp: Self.field("le:s64/64>>0", at: 16), rate: 100)
        let values: [Int16] = [1, 2, 3, 4, 5, 6]
        let sample = values.flatMap(Self.littleEndian) + [0, 0, 0, 0] + Self.littleEndian(Int64(5_000_000_000))
        let (readings, times) = Self.decode(&decoder, sample + [1, 2, 3], step: 24)
        #expect(
            readings == [
                SensorReading(kind: .gyroscope, t: 5, value: Vector3(1, 2, 3)),
                SensorReading(kind: .accelerometer, t: 5, value: Vector3(4, 5, 6)),
            ])
        #expect(times == [5])
        #expect(Self.decode(&decoder, [], step: 24).readings.isEmpty)
    }
}

/// A pulse sensor's intensities: counts as they are, each in its LED's component, NaN for the LED it lacks.
@Suite("Capture: scan decoder, pulse sensors")
struct CapturePulseDecoderTests {
    @Test func maximIntensitiesFillTheirComponents() {
        let sensor = DiscoveredSensor(
            kind: .ppg, deviceID: "iio:device0", deviceName: "max30102", identity: SensorIdentity(rawValue: "m@test"),
            axes: [], lights: [.red, .infrared], scale: [1, 1], offset: [0, 0], samplingFrequency: 100,
            captureMode: .buffered, captureReason: "test")
        let fields = [
            CaptureScanDecoderTests.field("be:u18/32>>8", at: 0), CaptureScanDecoderTests.field("be:u18/32>>8", at: 4),
        ]
        var decoder = ScanDecoder(
            sensors: [ScanDecoder.Sensor(sensor: sensor, kind: .ppg, axes: fields)], timestamp: nil, rate: 100)
        // 0x3FFFF (18 bits) with the byte below the value holding junk; then 99,440 and 120,000.
        let bytes: [UInt8] = [0x03, 0xFF, 0xFF, 0x5A, 0x01, 0x84, 0x70, 0x00, 0x01, 0x84, 0x70, 0x00, 0x01, 0xD4, 0xC0, 0x00]
        let (readings, sampleTimes) = CaptureScanDecoderTests.decode(&decoder, bytes, step: 8, arrival: 5)
        // Counted on the host clock, the last at the first refill's arrival; the times go to the overrun detector.
        #expect(sampleTimes == [4.99, 5])
        #expect(readings.count == 2)
        #expect(readings.map(\.kind) == [.ppg, .ppg])
        #expect(readings[0].value.x == 262_143 && readings[0].value.y == 99_440 && readings[0].value.z.isNaN)
        #expect(readings[1].value.x == 99_440 && readings[1].value.y == 120_000)
        #expect(readings.map(\.t) == [4.99, 5])
    }
}
