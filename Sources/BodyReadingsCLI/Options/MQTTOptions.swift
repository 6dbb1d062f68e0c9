import MQTT
import Publishing
import SystemSupport

/// The broker options of `publish URL` and `serve --mqtt URL`: topics, quality of service, batching, the outage
/// queue, TLS files and Home Assistant discovery; and the first connection, with its fix when it fails.
enum MQTTOptions {
    /// Every option of the family (the URL is the command's).
    static let all: [OptionSpec] = [
        .deviceID,
        .topicPrefix,
        .qos,
        .batch,
        .queue,
        .wait,
        .cafile,
        .cert,
        .key,
        .homeAssistant,
    ]

    /// The names of the options in `all`, for commands that take them only with a broker URL.
    static let names = all.map(\.name)

    /// The publisher's settings for the broker at `url` (a password from `BODYREADINGS_MQTT_PASSWORD` when the URL
    /// names a user without one).
    static func settings(url text: String, _ arguments: ParsedArguments, console: Console) throws
        -> ReadingsPublisher.Settings
    {
        var broker = try BrokerURL(parsing: text)
        if broker.username != nil, broker.password == nil {
            broker.password = console.environment["BODYREADINGS_MQTT_PASSWORD"]
        }
        let layout = try TopicLayout(
            prefix: arguments.value(.topicPrefix),
            deviceID: arguments.value(.deviceID) ?? DeviceIdentity.hostName())
        var settings = ReadingsPublisher.Settings(broker: broker, layout: layout)
        settings.qos = try arguments.choice(.qos) == "0" ? .atMostOnce : .atLeastOnce
        settings.batchPeriod = try arguments.number(.batch, in: 0...3600)
        settings.homeAssistant = arguments.has(.homeAssistant)
        settings.limits = MQTTQueueLimits(maximumMessages: try arguments.wholeNumber(.queue, in: 1...10_000_000))
        settings.tls = try tls(arguments, broker: broker)
        return settings
    }

    /// The TLS files: only for `mqtts://`; certificate and key together.
    static func tls(_ arguments: ParsedArguments, broker: BrokerURL) throws(CLIError) -> MQTTTLSConfiguration? {
        let cafile = arguments.value(.cafile)
        let cert = arguments.value(.cert)
        let key = arguments.value(.key)
        guard broker.usesTLS else {
            if cafile != nil || cert != nil || key != nil {
                throw .usage("--cafile, --cert and --key are for mqtts:// URLs", command: arguments.command)
            }
            return nil
        }
        guard (cert == nil) == (key == nil) else {
            throw .usage("--cert and --key go together", command: arguments.command)
        }
        for (option, path) in [("--cafile", cafile), ("--cert", cert), ("--key", key)] {
            if let path { try checkPEM(path, option: option) }
        }
        return MQTTTLSConfiguration(
            caFile: cafile, caDirectory: cafile == nil ? "/etc/ssl/certs" : nil, certificateFile: cert, keyFile: key)
    }

    /// Refuses a TLS file the TLS library could not use, naming it, before any connection: one that cannot be read
    /// (a directory, missing: 74; permission denied: 77) or holds no PEM block (65). Otherwise the library's only
    /// word for it would be a failed handshake.
    static func checkPEM(_ path: String, option: String) throws(CLIError) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path)
        } catch {
            throw CLIError(
                "cannot read the \(option) file \(path): \(error.reason); name a readable PEM file",
                exitCode: error.errno.isPermissionError ? .noPermission : .ioError)
        }
        guard String(decoding: bytes, as: UTF8.self).contains("-----BEGIN ") else {
            throw CLIError(
                "the \(option) file \(path) is not PEM (no '-----BEGIN' line); convert it to PEM (e.g. "
                    + "'openssl x509 -inform der -in FILE')", exitCode: .dataError)
        }
    }

    /// Starts a publisher with `settings` and waits for the first connection: a refused login or unusable TLS
    /// files always end the command; an unreachable broker ends it unless `wait` (`--wait`). Returns the publisher
    /// and the reporter of its later news (started).
    static func start(_ settings: ReadingsPublisher.Settings, wait: Bool, console: Console) throws
        -> (ReadingsPublisher, ConnectionReporter)
    {
        let reporter = ConnectionReporter(console: console, queue: settings.limits.maximumMessages)
        let publisher = try ReadingsPublisher(settings) { reporter.report($0) }
        do {
            if try !publisher.waitUntilConnected(timeout: 10) {
                guard wait else {
                    publisher.stop(drainTimeout: 0)
                    throw CLIError(
                        "no answer from \(settings.broker) within 10 s; check the host and port, or add --wait",
                        exitCode: .unavailable)
                }
            }
        } catch let error as MQTTError {
            guard wait, error.failure.isTransient || error.failure == .tlsHandshake else {
                publisher.stop(drainTimeout: 0)
                throw error
            }
            console.warning("\(error); publishing anyway (--wait): messages wait until the broker answers")
        }
        reporter.start()
        console.note("publishing to \(settings.broker) under \(settings.layout.prefix)/")
        return (publisher, reporter)
    }

    /// The closing line of a publisher's counts.
    static func report(_ final: MQTTPublisherStatistics, console: Console) {
        console.note(
            "published \(final.delivered) messages; \(final.dropped) dropped, \(final.rejected) rejected, "
                + "\(final.connections) connection\(final.connections == 1 ? "" : "s")")
    }
}
