import Testing

@testable import Sensors

@Suite("Discovery parsers: mount matrix, frequency lists, udev database, bus paths")
struct DiscoveryParserTests {
    @Test("mount matrices parse in the sysfs and udev spellings")
    func mountMatrix() throws {
        let rotated = try #require(MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1\n"))
        #expect(rotated.rows == [SIMD3(0, 1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)])
        #expect(rotated.apply(SIMD3(1, 2, 3)) == SIMD3(2, -1, 3))
        #expect(try #require(MountMatrix(parsing: "1,0,0;0,1,0;0,0,1")).isIdentity)
        let scaled = try #require(MountMatrix(parsing: " 0.5 , 0 , 0 ; 0 , -1 , 0 ; 0 , 0 , 1e0 "))
        #expect(scaled.rows[0].x == 0.5)
        #expect(rotated.description == "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(MountMatrix(parsing: rotated.description) == rotated)
    }

    @Test("malformed mount matrices are rejected", arguments: [
        "", "1, 0, 0", "1, 0, 0; 0, 1, 0", "1, 0, 0; 0, 1, 0; 0, 0, 1; 0, 0, 0", "1, 0; 0, 1, 0; 0, 0, 1",
        "1, 0, 0, 0; 0, 1, 0; 0, 0, 1", "a, 0, 0; 0, 1, 0; 0, 0, 1", "1, 0, 0; 0, 1, 0; 0, 0, nan",
        "1, , 0; 0, 1, 0; 0, 0, 1", "1 0 0; 0 1 0; 0 0 1", "inf, 0, 0; 0, 1, 0; 0, 0, 1",
    ])
    func mountMatrixMalformed(text: String) {
        #expect(MountMatrix(parsing: text) == nil)
    }

    @Test("frequency lists: discrete values and [min step max] ranges")
    func frequencies() throws {
        let discrete = try #require(FrequencyList(parsing: "0.78125 1.5625 3.125 12.5 25 50 100 200\n"))
        #expect(discrete == .discrete([0.78125, 1.5625, 3.125, 12.5, 25, 50, 100, 200]))
        #expect(discrete.contains(100))
        #expect(!discrete.contains(101))
        #expect(discrete.nearest(to: 90) == 100)
        #expect(discrete.nearest(to: 1000) == 200)
        #expect(discrete.description == "0.78125 1.5625 3.125 12.5 25 50 100 200")
        let st = try #require(FrequencyList(parsing: "12.500 26.000 52.000 104.000 208.000 416.000"))
        #expect(st == .discrete([12.5, 26, 52, 104, 208, 416]))
        let range = try #require(FrequencyList(parsing: "[1 1 1000]"))
        #expect(range == .range(minimum: 1, step: 1, maximum: 1000))
        #expect(range.contains(250))
        #expect(!range.contains(250.5))
        #expect(!range.contains(2000))
        #expect(range.nearest(to: 250.4) == 250)
        #expect(range.nearest(to: 5000) == 1000)
        #expect(range.description == "[1 1 1000]")
        #expect(FrequencyList(parsing: "[0.5 0.5 100]") == .range(minimum: 0.5, step: 0.5, maximum: 100))
    }

    @Test("malformed frequency lists are rejected", arguments: [
        "", "  \n", "abc", "25 50 fast", "[1 1]", "[1 1 100", "1 1 100]", "[100 1 1]", "[a b c]", "[1 1 1 1]",
        "-25 50", "nan", "25,50,100", "[-1 1 100]",
    ])
    func frequenciesMalformed(text: String) {
        #expect(FrequencyList(parsing: text) == nil)
    }

    @Test("udev database lines give properties")
    func udevDatabase() {
        let database = "I:123456\nE:ID_PATH=platform-i2c\nE:ACCEL_MOUNT_MATRIX=0, -1, 0; 1, 0, 0; 0, 0, 1\nG:iio\n"
        #expect(DiscoveryEnvironment.udevProperty("ACCEL_MOUNT_MATRIX", in: database) == "0, -1, 0; 1, 0, 0; 0, 0, 1")
        #expect(DiscoveryEnvironment.udevProperty("ACCEL_LOCATION", in: database) == nil)
        #expect(DiscoveryEnvironment.udevProperty("ACCEL_MOUNT_MATRIX", in: "") == nil)
    }

    @Test("bus paths drop the HID instance counters that change between boots")
    func stableBusPath() {
        #expect(
            DiscoveryEnvironment.stableBusPath(
                "pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0/0003:8087:0AC2.0001/HID-SENSOR-200073.1.auto")
                == "pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0/0003:8087:0AC2/HID-SENSOR-200073")
        #expect(
            DiscoveryEnvironment.stableBusPath("platform/i2c_designware.1/i2c-1/1-0068")
                == "platform/i2c_designware.1/i2c-1/1-0068")
    }

    @Test("identities become file names")
    func identityFileName() {
        let identity = SensorIdentity(rawValue: "bmi160+accel-display@platform/i2c-1/1-0068")
        #expect(identity.fileName == "bmi160+accel-display_platform_i2c-1_1-0068")
    }
}
