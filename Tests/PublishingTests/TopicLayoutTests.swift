import Testing

@testable import Publishing

@Suite struct TopicLayoutTests {
    @Test func defaultsToBodyReadingsAndTheDeviceID() throws {
        let layout = try TopicLayout(deviceID: "board-7")
        #expect(layout.prefix == "bodyreadings/board-7")
        #expect(
            [layout.deviceMotion, layout.rawIMU, layout.magneticField, layout.steps, layout.heartRate, layout.status]
                == [
                    "bodyreadings/board-7/imu/data", "bodyreadings/board-7/imu/data_raw", "bodyreadings/board-7/imu/mag",
                    "bodyreadings/board-7/steps", "bodyreadings/board-7/heart_rate", "bodyreadings/board-7/status",
                ])
    }

    @Test func takesAPrefixWithoutItsTrailingSlash() throws {
        #expect(try TopicLayout(prefix: "lab/bench-2/", deviceID: "x").steps == "lab/bench-2/steps")
    }

    @Test func rejectsWhatMQTTForbids() {
        #expect(throws: TopicLayoutError.slashInDeviceID("a/b")) { try TopicLayout(deviceID: "a/b") }
        #expect(throws: TopicLayoutError.empty(what: "device id")) { try TopicLayout(deviceID: "") }
        #expect(throws: TopicLayoutError.forbiddenCharacter(what: "topic prefix", text: "lab/+", character: "+")) {
            try TopicLayout(prefix: "lab/+", deviceID: "x")
        }
        #expect(throws: TopicLayoutError.reserved(what: "topic prefix", text: "$SYS/x")) {
            try TopicLayout(prefix: "$SYS/x", deviceID: "x")
        }
        #expect(throws: TopicLayoutError.empty(what: "topic prefix")) { try TopicLayout(prefix: "/", deviceID: "x") }
    }

    /// What the broker library refuses (control characters, non-characters, topics beyond 65,535 bytes) is refused
    /// here, before any connection, instead of failing the publish later.
    @Test func rejectsWhatTheBrokerLibraryRefuses() {
        #expect(throws: TopicLayoutError.controlCharacter(what: "topic prefix", text: "a\u{1B}b", scalar: 0x1B)) {
            try TopicLayout(prefix: "a\u{1B}b", deviceID: "x")
        }
        #expect(throws: TopicLayoutError.controlCharacter(what: "device id", text: "pi\u{85}", scalar: 0x85)) {
            try TopicLayout(deviceID: "pi\u{85}")
        }
        #expect(throws: TopicLayoutError.controlCharacter(what: "device id", text: "x\u{FFFF}", scalar: 0xFFFF)) {
            try TopicLayout(deviceID: "x\u{FFFF}")
        }
        let long = String(repeating: "a", count: 65_472)
        #expect(throws: TopicLayoutError.tooLong(what: "topic prefix", bytes: 65_472, limit: 65_471)) {
            try TopicLayout(prefix: long, deviceID: "x")
        }
        #expect(throws: TopicLayoutError.tooLong(what: "device id", bytes: 65_472, limit: 65_471)) {
            try TopicLayout(deviceID: long)
        }
        let longest = try? TopicLayout(prefix: String(repeating: "é", count: 32_735), deviceID: "x")
        #expect(longest?.status.utf8.count ?? .max <= TopicLayout.maximumBytes)
    }

    @Test func hostNamesBecomeSafeDeviceIDs() {
        #expect(DeviceIdentity.sanitized("pi-4.local") == "pi-4")
        #expect(DeviceIdentity.sanitized("lab #2/b+c") == "lab__2_b_c")
        #expect(DeviceIdentity.sanitized("") == "bodyreadings")
        #expect(!DeviceIdentity.hostName().isEmpty)
    }
}
