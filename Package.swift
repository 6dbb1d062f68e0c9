// swift-tools-version:6.0
// BodyReadings — CoreMotion-style device motion for Linux (GPL-3.0-or-later).
//
// Layering (docs/architecture.md; the architecture test holds its table equal to this file): every arrow below is a
// dependency; no other imports are allowed.
//   bodyreadings → BodyReadingsCLI → BodyReadings → {Sensors → IIO → CIIO, Calibration, Fusion, ReadingFormats}
//   MotionMath (vectors, matrices, quaternions, IMUSample, seeded generators) is below them all; Fusion,
//   MotionSimulation, Sensors and Calibration use it.
//   TextFormats (number text, the one JSONValue) serves ReadingFormats (the recording and fused-output files),
//   Calibration (its file), Sensors (numbers in its notes) and the CLI.
//   BodyReadings (the pipeline, MotionManager, the sim and replay sources) and the test rigs use MotionSimulation.
//   SystemSupport (the one POSIX funnel: EINTR-retrying calls with typed errors, write-all and read-all; threads,
//   locks, conditions, poll, the monotonic clock, kept-open sysfs files, atomic file replacement) serves IIO,
//   Sensors, ReadingFormats, Calibration, BodyReadings, the CLI and MQTT.
//   Publishing (payloads, topics, status, discovery) → MQTT (safe Swift over libmosquitto through CMosquitto);
//   the CLI's publish command feeds them from the pipeline.
//   HTTP (an HTTP/1.1 server of our own: parser with limits, router, Server-Sent Events, bearer tokens, one poll
//   loop) → SystemSupport, TextFormats (percent-decoding); `serve --http` mounts it.
//   ReadingsStore (the readings store: steps, heart rate and motion per minute in SQLite through CSQLite; its
//   recorder, queries per local hour/day and time arguments) serves the history command and the service.
//   ReadingsWeb (the JSON API, the event streams and the embedded dashboard page, against its ReadingsProvider
//   protocol) → HTTP, ReadingsStore (history queries); Service implements the provider on its capture and `serve
//   --http` mounts it.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "BodyReadings",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "BodyReadings", targets: ["BodyReadings"]),
        .executable(name: "bodyreadings", targets: ["bodyreadings"]),
    ],
    targets: [
        // MARK: System library
        .systemLibrary(
            name: "CIIO",
            pkgConfig: "libiio",
            providers: [.apt(["libiio-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),

        // MARK: Library layers
        .target(name: "IIO", dependencies: ["CIIO", "SystemSupport"], swiftSettings: strict),
        .target(name: "MotionMath", swiftSettings: strict),
        .target(name: "Fusion", dependencies: ["MotionMath"], swiftSettings: strict),
        .target(name: "MotionSimulation", dependencies: ["MotionMath"], swiftSettings: strict),
        .target(name: "TextFormats", swiftSettings: strict),
        .target(name: "SystemSupport", swiftSettings: strict),
        .target(name: "Sensors", dependencies: ["IIO", "MotionMath", "SystemSupport", "TextFormats"], swiftSettings: strict),
        .target(
            name: "Calibration", dependencies: ["MotionMath", "SystemSupport", "TextFormats"], swiftSettings: strict),
        .target(
            name: "ReadingFormats",
            dependencies: ["Barometry", "MotionMath", "Fusion", "Pedometry", "Pulse", "SystemSupport", "TextFormats"],
            swiftSettings: strict),
        .target(name: "Pulse", dependencies: ["MotionMath"], swiftSettings: strict),
        .target(name: "PulseSimulation", dependencies: ["MotionMath"], swiftSettings: strict),
        .target(name: "Pedometry", dependencies: ["MotionMath"], swiftSettings: strict),
        .target(name: "Barometry", swiftSettings: strict),
        .target(
            name: "BodyReadings",
            dependencies: [
                "Barometry", "Sensors", "Calibration", "Fusion", "MotionMath", "MotionSimulation", "Pedometry", "Pulse",
                "PulseSimulation", "ReadingFormats", "SystemSupport", "TextFormats",
            ],
            swiftSettings: strict
        ),
        .target(name: "MQTT", dependencies: ["CMosquitto", "SystemSupport"], swiftSettings: strict),
        .target(name: "HTTP", dependencies: ["SystemSupport", "TextFormats"], swiftSettings: strict),
        .target(
            name: "Service",
            dependencies: [
                "BodyReadings", "Fusion", "MotionMath", "Pedometry", "Pulse", "ReadingFormats", "ReadingsStore", "ReadingsWeb",
                "Sensors", "SystemSupport", "TextFormats",
            ],
            swiftSettings: strict),
        .target(
            name: "ReadingsWeb",
            dependencies: [
                "Barometry", "HTTP", "Fusion", "Pedometry", "Pulse", "ReadingFormats", "ReadingsStore",
                "SystemSupport", "TextFormats",
            ],
            swiftSettings: strict),
        .target(
            name: "ReadingsStore", dependencies: ["CSQLite", "SystemSupport", "TextFormats", "Pedometry", "Pulse"],
            swiftSettings: strict),
        .target(
            name: "Publishing",
            dependencies: [
                "Barometry", "Fusion", "MQTT", "MotionMath", "Pedometry", "Pulse", "ReadingFormats", "SystemSupport",
                "TextFormats",
            ],
            swiftSettings: strict),
        .target(
            name: "BodyReadingsCLI",
            dependencies: [
                "BodyReadings", "Sensors", "Calibration", "Fusion", "MotionMath", "MotionSimulation", "ReadingFormats",
                "TextFormats", "MQTT", "Publishing", "ReadingsStore", "Service", "SystemSupport", "HTTP", "ReadingsWeb",
            ],
            swiftSettings: strict),
        .executableTarget(name: "bodyreadings", dependencies: ["BodyReadingsCLI"], swiftSettings: strict),

        // MARK: Test rigs (not shipped: full Foundation allowed; executables used by tests and Tests/HardwareInTheLoop)
        .target(
            name: "IIODTestServer", dependencies: ["MotionMath", "MotionSimulation", "PulseSimulation"],
            path: "Tests/Rigs/IIODTestServer", swiftSettings: strict),
        .executableTarget(
            name: "bodyreadings-test-iiod",
            dependencies: ["IIODTestServer", "MotionSimulation", "MotionMath"],
            path: "Tests/Rigs/bodyreadings-test-iiod",
            swiftSettings: strict
        ),
        .target(
            name: "VirtualSensorHub", dependencies: ["MotionMath", "MotionSimulation"],
            path: "Tests/Rigs/VirtualSensorHub", swiftSettings: strict),
        .executableTarget(
            name: "bodyreadings-virtual-hub",
            dependencies: ["VirtualSensorHub"],
            path: "Tests/Rigs/bodyreadings-virtual-hub",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bodyreadings-store-writer", dependencies: ["ReadingsStore", "Pulse", "Pedometry"],
            path: "Tests/Rigs/bodyreadings-store-writer", swiftSettings: strict),
        .target(
            name: "BuildingRun", dependencies: ["Barometry", "MotionSimulation"], path: "Tests/Rigs/BuildingRun",
            swiftSettings: strict),
        .target(
            name: "SimulatedReadings",
            dependencies: ["Barometry", "ReadingsWeb", "Fusion", "MotionMath", "Pedometry", "Pulse", "ReadingFormats", "ReadingsStore"],
            path: "Tests/Rigs/SimulatedReadings", swiftSettings: strict),
        .executableTarget(
            name: "bodyreadings-web-rig", dependencies: ["SimulatedReadings", "ReadingFormats", "ReadingsWeb", "HTTP"],
            path: "Tests/Rigs/bodyreadings-web-rig", swiftSettings: strict),
        .executableTarget(
            name: "bodyreadings-mqtt-rig", dependencies: ["Publishing", "MQTT", "MotionMath", "Fusion", "Pedometry", "Pulse"],
            path: "Tests/Rigs/bodyreadings-mqtt-rig", swiftSettings: strict),

        // MARK: Bench helpers
        .target(name: "BenchSupport", path: "bench/Support", swiftSettings: strict),
        .executableTarget(
            name: "pulse-bench", dependencies: ["Pulse", "PulseSimulation", "BenchSupport"], path: "bench/PulseBench",
            swiftSettings: strict),
        .executableTarget(
            name: "store-bench",
            dependencies: ["ReadingsStore", "Pedometry", "MotionMath", "SystemSupport", "TextFormats", "BenchSupport"],
            path: "bench/StoreBench", swiftSettings: strict),
        .executableTarget(
            name: "steps-bench", dependencies: ["Pedometry", "MotionMath", "BenchSupport"], path: "bench/StepsBench",
            swiftSettings: strict),
        .executableTarget(
            name: "fusion-bench", dependencies: ["Fusion", "MotionMath", "BenchSupport"], path: "bench/FusionBench",
            swiftSettings: strict),
        .executableTarget(
            name: "altitude-bench",
            dependencies: ["Barometry", "BuildingRun", "MotionSimulation", "MotionMath", "BenchSupport"],
            path: "bench/AltitudeBench", swiftSettings: strict),
        .executableTarget(
            name: "double-text-bench", dependencies: ["TextFormats", "MotionMath", "BenchSupport"],
            path: "bench/DoubleTextBench", swiftSettings: strict),

        // MARK: Test support (helpers the test targets share: subprocesses, temporary directories, BROAD data)
        .target(name: "TestSupport", path: "Tests/Support", swiftSettings: strict),

        // MARK: Tests
        .testTarget(
            name: "BodyReadingsCLITests",
            dependencies: [
                "BodyReadingsCLI", "BodyReadings", "Sensors", "Calibration", "MotionMath", "ReadingFormats",
                "IIODTestServer", "MotionSimulation", "PulseSimulation", "ReadingsStore", "TestSupport", "Fusion", "Pulse",
                "Pedometry", "ReadingsWeb", "Service", "TextFormats",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "BodyReadingsTests",
            dependencies: [
                "BodyReadings", "Sensors", "Calibration", "MotionMath", "IIODTestServer", "MotionSimulation",
                "PulseSimulation", "SystemSupport", "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "CalibrationTests",
            dependencies: ["Calibration", "MotionMath", "SystemSupport", "TestSupport", "TextFormats"],
            swiftSettings: strict),
        .testTarget(name: "FusionTests", dependencies: ["Fusion", "MotionMath", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "GoldenTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(name: "DocsTests", dependencies: ["SystemSupport", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "MotionMathTests", dependencies: ["MotionMath"], swiftSettings: strict),
        .testTarget(
            name: "BarometryTests", dependencies: ["Barometry", "BuildingRun", "MotionSimulation"],
            swiftSettings: strict),
        .testTarget(
            name: "PedometryTests", dependencies: ["Pedometry", "MotionMath", "MotionSimulation", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "PulseTests", dependencies: ["Pulse", "PulseSimulation", "TestSupport"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(name: "TextFormatsTests", dependencies: ["TextFormats", "MotionMath"], swiftSettings: strict),
        .testTarget(
            name: "MotionSimulationTests", dependencies: ["MotionSimulation", "MotionMath"], swiftSettings: strict),
        .testTarget(
            name: "IIODTestServerTests",
            dependencies: ["IIODTestServer", "MotionSimulation", "MotionMath", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "IIOTests", dependencies: ["IIO", "IIODTestServer", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "SensorsTests", dependencies: ["Sensors", "IIO", "IIODTestServer", "MotionMath", "SystemSupport"],
            swiftSettings: strict),
        .testTarget(name: "ScriptTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ReadingFormatsTests", dependencies: ["ReadingFormats", "Fusion", "MotionMath", "TextFormats"],
            swiftSettings: strict),
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "Service", "BodyReadings", "Fusion", "MotionMath", "ReadingFormats", "ReadingsStore", "Sensors",
                "SystemSupport", "TextFormats", "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VirtualSensorHubTests", dependencies: ["VirtualSensorHub", "MotionMath"], swiftSettings: strict),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "HTTPTests", dependencies: ["HTTP", "MotionMath", "SystemSupport", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ReadingsWebTests",
            dependencies: ["ReadingsWeb", "HTTP", "ReadingFormats", "SimulatedReadings", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ReadingsStoreTests", dependencies: ["ReadingsStore", "Pedometry", "Pulse", "TestSupport"],
            exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "PublishingTests",
            dependencies: [
                "Publishing", "Barometry", "Fusion", "MQTT", "MotionMath", "Pedometry", "Pulse", "TextFormats", "TestSupport",
            ],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Fuzzing (scripts/fuzz): libFuzzer harnesses, only in a build that sets BODYREADINGS_FUZZ, so that the normal
// build and `swift test` never compile them. Each harness is Tests/Fuzz/Harnesses/<Name>/main.swift with a seed
// corpus in Tests/Fuzz/Corpus/<product>/; see Tests/Fuzz/README.md.
if Context.environment["BODYREADINGS_FUZZ"] != nil {
    let harnesses: [(product: String, directory: String, dependencies: [Target.Dependency])] = [
        ("fuzz-double-text", "DoubleText", ["TextFormats"]),
        ("fuzz-json-value", "JSONValue", ["TextFormats"]),
        ("fuzz-recording-reader", "RecordingReader", ["ReadingFormats", "MotionMath"]),
        ("fuzz-calibration-file", "CalibrationFile", ["Calibration"]),
        ("fuzz-scan-decoder", "ScanDecoder", ["Sensors", "IIO", "MotionMath"]),
        ("fuzz-iiod-protocol", "IIODProtocol", ["IIODTestServer", "MotionSimulation"]),
        ("fuzz-cli-arguments", "CLIArguments", ["BodyReadingsCLI", "Sensors"]),
        ("fuzz-service-request", "ServiceRequest", ["FuzzStoreFixture", "ReadingFormats", "Service", "TextFormats"]),
        ("fuzz-http-request", "HTTPRequest", ["FuzzStoreFixture", "HTTP", "Fusion", "Pulse", "ReadingFormats", "ReadingsStore", "ReadingsWeb"]),
    ]
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Tests/Fuzz/CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "Tests/Fuzz/Support", swiftSettings: strict),
        .target(
            name: "FuzzStoreFixture", dependencies: ["ReadingsStore", "Pedometry", "Pulse"], path: "Tests/Fuzz/StoreFixture",
            swiftSettings: strict),
    ]
    package.targets += harnesses.map { harness in
        .executableTarget(
            name: harness.product, dependencies: ["FuzzSupport"] + harness.dependencies,
            path: "Tests/Fuzz/Harnesses/\(harness.directory)", swiftSettings: strict)
    }
}
