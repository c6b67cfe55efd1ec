// swift-tools-version: 6.0
// SnapLab: which item should a horizontal carousel come to rest on when the finger lifts?
//
// Licensing: `SnapStrategies` is MIT (no dependencies, no Foundation, ships in apps).
// Everything that links GSL (`SnapEvaluator`, `SnapLabCommands`, `snaplab`) is
// GPL-3.0-or-later, as GSL itself is.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "SnapLab",
    // What `SnapStrategies` builds for as a dependency (Swift 6 toolchains; the CLI needs GSL,
    // `brew install gsl` on macOS). Linux needs no entry.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "SnapStrategies", targets: ["SnapStrategies"]),
        .library(name: "SnapEvaluator", targets: ["SnapEvaluator"]),
        .executable(name: "snaplab", targets: ["snaplab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: - Pure Swift policies and geometry (MIT; no dependencies, no Foundation)
        .target(
            name: "SnapStrategies",
            exclude: ["LICENSE"],
            swiftSettings: strictSettings,
            // `rounded()`, `squareRoot()` and friends lower to libm's `floor`, `sqrt`, … on Linux,
            // where nothing else (no Foundation) links libm into a consumer: link it explicitly
            // (Tests/ConsumerPackage is built by ConsumerPackageTests to prove it).
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
        ),

        // MARK: - GSL (GPL-3.0-or-later), reached only from SnapEvaluator/GSL
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),

        // MARK: - Traces, scoring, fitting (GPL-3.0-or-later)
        .target(
            name: "SnapEvaluator",
            dependencies: ["SnapStrategies", "CGSL"],
            swiftSettings: strictSettings
        ),

        // MARK: - Command line
        .target(
            name: "SnapLabCommands",
            dependencies: [
                "SnapStrategies",
                "SnapEvaluator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "snaplab",
            dependencies: ["SnapLabCommands"],
            swiftSettings: strictSettings
        ),

        // MARK: - Tests
        // Helpers shared by the test targets (scratch directories removed at exit).
        .target(
            name: "SnapLabTestSupport",
            path: "Tests/SnapLabTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SnapStrategiesTests",
            dependencies: ["SnapStrategies"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SnapEvaluatorTests",
            dependencies: ["SnapEvaluator", "SnapStrategies", "SnapLabTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SnapLabCommandsTests",
            dependencies: ["SnapLabCommands", "SnapEvaluator", "SnapStrategies", "SnapLabTestSupport"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
