import MQTT

/// The options of `serve` and `publish`: the service's socket, clients and store, the HTTP server and the MQTT
/// broker.
extension OptionSpec {
    /// `--socket PATH`: where `serve` listens.
    static let socket = OptionSpec(
        ["--socket"], value: "PATH", kind: .file,
        help: "Listen here (default $XDG_RUNTIME_DIR/bodyreadings/serve.sock; root and systemd: "
            + "/run/bodyreadings/serve.sock).")
    static let captureInterval = OptionSpec(
        ["--capture-interval"], value: "SECONDS", kind: .number, default: "0.1",
        help: "Update interval the sensors run for while no client asks for a shorter one.")
    static let clientQueue = OptionSpec(
        ["--client-queue"], value: "UPDATES", kind: .wholeNumber, default: "256",
        help: "Updates kept for a client that does not read; the oldest go first.")
    static let maxClients = OptionSpec(
        ["--max-clients"], value: "N", kind: .wholeNumber, default: "1000", help: "Clients served at once.")
    static let mqtt = OptionSpec(
        ["--mqtt"], value: "URL",
        help: "Also publish to this MQTT broker, as 'publish' does (mqtt://[USER[:PASS]@]HOST[:PORT], mqtts://…).")
    static let mqttInterval = OptionSpec(
        ["--mqtt-interval"], value: "SECONDS", kind: .number, default: "0.1",
        help: "Seconds between published motion updates.")
    static let store = OptionSpec(
        ["--store"], value: "FILE", kind: .file,
        help: "Record steps, heart rate and a motion summary per minute here (default "
            + "$XDG_STATE_HOME/bodyreadings/readings.sqlite; root and systemd: /var/lib/bodyreadings/).")
    static let noStore = OptionSpec(
        ["--no-store"], help: "Keep no readings store (history and 'Steps today' start from zero).")
    static let storeFlush = OptionSpec(
        ["--store-flush"], value: "SECONDS", kind: .number, default: "30",
        help: "How often the store is written, at most every 60 s: what a power cut or kill -9 may lose.")
    static let http = OptionSpec(
        ["--http"], value: "HOST:PORT",
        help: "Also serve the dashboard, a JSON API and event streams over HTTP (e.g. 127.0.0.1:8080).")
    static let token = OptionSpec(
        ["--token"], value: "FILE", kind: .file,
        help: "With --http: every request needs 'Authorization: Bearer' with FILE's first line; required for "
            + "an address other than loopback.")
    static let deviceID = OptionSpec(
        ["--device-id"], value: "ID", help: "This board's id in topics and payloads (default: host name).")
    static let topicPrefix = OptionSpec(
        ["--topic-prefix"], value: "PREFIX", help: "Topics start with PREFIX (default bodyreadings/ID).")
    static let qos = OptionSpec(
        ["--qos"], value: "0|1", kind: .choice(["0", "1"]), default: "1",
        help: "MQTT quality of service: 0 at most once, 1 queued through outages.")
    static let batch = OptionSpec(
        ["--batch"], value: "SECONDS", kind: .number, default: "1",
        help: "Seconds of updates per message; 0: one message per update.")
    static let queue = OptionSpec(
        ["--queue"], value: "MESSAGES", kind: .wholeNumber, default: String(MQTTQueueLimits().maximumMessages),
        help: "Messages kept while the broker is away, at most 8 MiB; the oldest go first.")
    static let wait = OptionSpec(["--wait"], help: "Start even if the broker cannot be reached yet, and keep trying.")
    static let cafile = OptionSpec(
        ["--cafile"], value: "FILE", kind: .file,
        help: "mqtts: PEM CA certificate(s) for the broker (default: the system's).")
    static let cert = OptionSpec(
        ["--cert"], value: "FILE", kind: .file, help: "mqtts: PEM client certificate, for brokers that require one.")
    static let key = OptionSpec(["--key"], value: "FILE", kind: .file, help: "mqtts: PEM private key of --cert.")
    static let homeAssistant = OptionSpec(
        ["--homeassistant"], help: "Publish Home Assistant MQTT discovery (heart rate, steps, motion; flights, altitude, pressure).")
}
