import Testing

@testable import MQTT

@Suite struct MQTTLibraryTests {
    @Test func linksLibmosquittoTwo() {
        #expect(MQTTLibrary.version.major == 2)
    }
}
