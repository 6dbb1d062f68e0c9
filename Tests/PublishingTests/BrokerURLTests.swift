import Testing

@testable import Publishing

@Suite struct BrokerURLTests {
    @Test(arguments: [
        ("mqtt://broker", BrokerURL(usesTLS: false, host: "broker", port: 1883)),
        ("mqtts://broker.example.org", BrokerURL(usesTLS: true, host: "broker.example.org", port: 8883)),
        ("MQTT://10.0.0.2:1884/", BrokerURL(usesTLS: false, host: "10.0.0.2", port: 1884)),
        ("mqtt://board@broker", BrokerURL(usesTLS: false, host: "broker", username: "board")),
        ("mqtt://board:s3cret@broker:2000", BrokerURL(usesTLS: false, host: "broker", port: 2000, username: "board", password: "s3cret")),
        ("mqtt://b%40x:p%3Aw%25@h", BrokerURL(usesTLS: false, host: "h", username: "b@x", password: "p:w%")),
        ("mqtt://u:p@ss@h", BrokerURL(usesTLS: false, host: "h", username: "u", password: "p@ss")),
        ("mqtt://u:@h", BrokerURL(usesTLS: false, host: "h", username: "u", password: "")),
        ("mqtt://[::1]:1885", BrokerURL(usesTLS: false, host: "::1", port: 1885)),
        ("mqtts://[fe80::1]", BrokerURL(usesTLS: true, host: "fe80::1", port: 8883)),
    ])
    func parses(text: String, expected: BrokerURL) throws {
        #expect(try BrokerURL(parsing: text) == expected)
    }

    @Test(arguments: [
        ("broker:1883", BrokerURLError.unsupportedScheme("")),
        ("http://broker", .unsupportedScheme("http")),
        ("mqtt://", .missingHost),
        ("mqtt://user@", .missingHost),
        ("mqtt://:1883", .missingHost),
        ("mqtt://broker:0", .invalidPort("0")),
        ("mqtt://broker:65536", .invalidPort("65536")),
        ("mqtt://broker:http", .invalidPort("http")),
        ("mqtt://broker:", .invalidPort("")),
        ("mqtt://broker:1883:1", .invalidPort("1883:1")),
        ("mqtt://broker/topic", .unexpectedPath("/topic")),
        ("mqtt://broker?x=1", .unexpectedPath("?x=1")),
        ("mqtt://[::1", .unclosedBracket),
        ("mqtt://[::1]x", .unexpectedPath("x")),
        ("mqtt://u%zz@h", .invalidEscape("u%zz")),
        ("mqtt://u%ff@h", .invalidEscape("u%ff")),
    ])
    func rejects(text: String, error: BrokerURLError) {
        #expect(throws: error) { try BrokerURL(parsing: text) }
    }

    @Test func describesItselfWithoutThePassword() throws {
        #expect(try BrokerURL(parsing: "mqtts://a%40b:secret@[::1]").description == "mqtts://a%40b@[::1]:8883")
        #expect(BrokerURLError.invalidPort("x").description == "port 'x' is not a number from 1 to 65535")
    }
}
