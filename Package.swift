// swift-tools-version:6.0
// BodyReadings — CoreMotion-style device motion for Linux (GPL-3.0-or-later).
//
// Layering (see README.md, "Architecture"): every arrow below is a dependency; no other imports are allowed.
//   bodyreadings → BodyReadingsCLI → BodyReadings → {Sensors → IIO → CIIO, Calibration, Fusion}
//   MQTT → CMosquitto (libmosquitto) stands apart until the CLI publishes readings (issue 13).
//   Sensors and the test-support targets may use MotionSimulation (ground-truth trajectories), which uses Fusion's math.
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
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),

        // MARK: Library layers
        .target(name: "IIO", dependencies: ["CIIO"], swiftSettings: strict),
        .target(name: "Fusion", swiftSettings: strict),
        .target(name: "MotionSimulation", dependencies: ["Fusion"], swiftSettings: strict),
        .target(name: "Sensors", dependencies: ["IIO", "Fusion", "MotionSimulation"], swiftSettings: strict),
        .target(name: "Calibration", swiftSettings: strict),
        .target(
            name: "BodyReadings",
            dependencies: ["Sensors", "Calibration", "Fusion"],
            swiftSettings: strict
        ),
        .target(name: "MQTT", dependencies: ["CMosquitto"], swiftSettings: strict),
        .target(name: "BodyReadingsCLI", dependencies: ["BodyReadings"], swiftSettings: strict),
        .executableTarget(name: "bodyreadings", dependencies: ["BodyReadingsCLI"], swiftSettings: strict),

        // MARK: Test support
        .target(name: "IIODTestServer", dependencies: ["MotionSimulation"], swiftSettings: strict),
        .executableTarget(
            name: "bodyreadings-test-iiod",
            dependencies: ["IIODTestServer", "MotionSimulation", "Fusion"],
            swiftSettings: strict
        ),
        .target(name: "VirtualSensorHub", dependencies: ["MotionSimulation"], swiftSettings: strict),
        .executableTarget(
            name: "bodyreadings-virtual-hub",
            dependencies: ["VirtualSensorHub"],
            swiftSettings: strict
        ),

        // MARK: Tests
        .testTarget(
            name: "BodyReadingsCLITests", dependencies: ["BodyReadingsCLI", "IIODTestServer", "MotionSimulation"],
            swiftSettings: strict),
        .testTarget(name: "BodyReadingsTests", dependencies: ["BodyReadings", "IIODTestServer", "MotionSimulation"], swiftSettings: strict),
        .testTarget(name: "CalibrationTests", dependencies: ["Calibration"], swiftSettings: strict),
        .testTarget(name: "FusionTests", dependencies: ["Fusion"], swiftSettings: strict),
        .testTarget(name: "MotionSimulationTests", dependencies: ["MotionSimulation"], swiftSettings: strict),
        .testTarget(
            name: "IIODTestServerTests", dependencies: ["IIODTestServer", "MotionSimulation", "Fusion"],
            swiftSettings: strict),
        .testTarget(name: "IIOTests", dependencies: ["IIO", "IIODTestServer"], swiftSettings: strict),
        .testTarget(name: "SensorsTests", dependencies: ["Sensors", "IIO", "IIODTestServer"], swiftSettings: strict),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT"], swiftSettings: strict),
        .testTarget(name: "VirtualSensorHubTests", dependencies: ["VirtualSensorHub"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
