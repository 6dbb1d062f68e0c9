import Foundation
import TestSupport
import Testing

@testable import MQTT

/// TLS through libmosquitto against mosquitto with a CA made by `openssl` in the test (Debian's mosquitto 2.0.11 and
/// libmosquitto are built with OpenSSL 3): trusted, untrusted, wrong port, missing files, client certificates.
@Suite struct MQTTClientTLSTests {
    let certificates: TestCertificates

    init() throws {
        certificates = try TestCertificates.shared.get()
    }

    @Test func connectsToABrokerWhoseCertificateTheCAFileTrusts() throws {
        let broker = try TestBroker(.init(tls: certificates))
        let client = try MQTTClient(id: "tls-ok")
        try client.setTLS(MQTTTLSConfiguration(caFile: certificates.caFile))
        try client.connect(host: "localhost", port: broker.port)
        var driver = ClientDriver(client)
        #expect(try driver.run { $0.contains(.connected) })
        let id = try client.publish(MQTTMessage(topic: "secure", text: "yes", qos: .atLeastOnce))
        #expect(try driver.run { $0.contains(.delivered(id)) })
    }

    @Test func anUntrustedCertificateIsATLSHandshakeFailureNamingTheReason() throws {
        let broker = try TestBroker(.init(tls: certificates))
        let client = try MQTTClient(id: "tls-untrusted")
        try client.setTLS(MQTTTLSConfiguration(caFile: certificates.otherCAFile))
        let error = try connectionError(client, port: broker.port)
        #expect(error.failure == .tlsHandshake)
        #expect(error.failure.isTLS)
        #expect(error.detail?.contains("certificate verify failed") == true, "\(error)")
    }

    @Test func aPlainPortAnsweringTLSIsATLSHandshakeFailure() throws {
        let broker = try TestBroker()
        let client = try MQTTClient(id: "tls-plain")
        try client.setTLS(MQTTTLSConfiguration(caFile: certificates.caFile))
        let error = try connectionError(client, port: broker.port)
        #expect(error.failure == .tlsHandshake, "\(error)")
    }

    @Test func missingFilesAreNamedAtConfiguration() throws {
        let client = try MQTTClient(id: "tls-files")
        let missing = certificates.caFile + ".missing"
        let error = #expect(throws: MQTTError.self) { try client.setTLS(MQTTTLSConfiguration(caFile: missing)) }
        #expect(error?.failure == .tlsFiles)
        #expect(error?.operation == "mosquitto_tls_set")
    }

    @Test func aBrokerThatRequiresClientCertificatesTakesOnesSignedByItsCA() throws {
        let broker = try TestBroker(.init(tls: certificates, requireClientCertificate: true))
        let without = try MQTTClient(id: "tls-anonymous")
        try without.setTLS(MQTTTLSConfiguration(caFile: certificates.caFile))
        let error = try connectionError(without, port: broker.port)
        // OpenSSL's reason ("tlsv13 alert certificate required") is logged only when the alert arrives before
        // libmosquitto writes CONNECT; otherwise the write fails with EPROTO. Either is a TLS failure.
        #expect(error.failure == .tlsHandshake, "\(error)")

        let with = try MQTTClient(id: "tls-board")
        try with.setTLS(
            MQTTTLSConfiguration(
                caFile: certificates.caFile, certificateFile: certificates.clientCertificate,
                keyFile: certificates.clientKey))
        try with.connect(host: "localhost", port: broker.port)
        var driver = ClientDriver(with)
        #expect(try driver.run { $0.contains(.connected) })
    }

    /// What connecting and running the loop throws (at `connect` or in the loop, wherever libmosquitto notices).
    private func connectionError(_ client: MQTTClient, port: Int) throws -> MQTTError {
        do {
            try client.connect(host: "localhost", port: port)
            var driver = ClientDriver(client)
            _ = try driver.run(timeout: 5) { $0.contains(.connected) }
        } catch let error as MQTTError {
            return error
        }
        throw Unexpected.connected
    }

    enum Unexpected: Error { case connected }
}
