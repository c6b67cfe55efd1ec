// swift-tools-version: 6.0
// SnapLab: which item should a horizontal carousel come to rest on when the finger lifts?
//
// Licensing: `SnapStrategies` is MIT (no dependencies, no Foundation, ships in apps).
// Everything that links GSL (the `SnapEvaluator` modules, `SnapLabCommands`, `snaplab`) is
// GPL-3.0-or-later, as GSL itself is.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The evaluator's modules, lowest first: the `SnapEvaluator` library product is all of them.
let evaluatorModules = [
    "SnapLabSupport", "SnapGSL", "SnapTraces", "SnapScoring", "SnapFitting", "SnapSwipeModel", "SnapReports",
]

let package = Package(
    name: "SnapLab",
    // What `SnapStrategies` builds for as a dependency (Swift 6 toolchains; the CLI needs GSL,
    // `brew install gsl` on macOS). Linux needs no entry.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "SnapStrategies", targets: ["SnapStrategies"]),
        .library(name: "SnapEvaluator", targets: evaluatorModules),
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

        // MARK: - GSL (GPL-3.0-or-later), reached only from SnapGSL
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),

        // MARK: - The evaluator (GPL-3.0-or-later): modules whose dependencies run one way
        // (Docs/design/architecture.md). Each target lists only the modules below it.
        // Number formatting, JSON values, tables, atomic file output, progress lines.
        .target(
            name: "SnapLabSupport",
            swiftSettings: strictSettings
        ),
        // The GSL layer: the only module that imports CGSL (random numbers, distributions,
        // minimizers, quantiles); no GSL type in its API.
        .target(
            name: "SnapGSL",
            dependencies: ["CGSL"],
            swiftSettings: strictSettings
        ),
        // Traces: reading, import, velocity estimators, data checks, behaviour labels.
        .target(
            name: "SnapTraces",
            dependencies: ["SnapStrategies", "SnapLabSupport", "SnapGSL"],
            swiftSettings: strictSettings
        ),
        // Scoring policies on traces, and the statistics over users.
        .target(
            name: "SnapScoring",
            dependencies: ["SnapStrategies", "SnapLabSupport", "SnapGSL", "SnapTraces"],
            swiftSettings: strictSettings
        ),
        // Fitting parameters, cross-validation, recommendation, headroom.
        .target(
            name: "SnapFitting",
            dependencies: ["SnapStrategies", "SnapLabSupport", "SnapGSL", "SnapTraces", "SnapScoring"],
            swiftSettings: strictSettings
        ),
        // The swipe model: synthetic traces, calibration to a recording, label validation.
        .target(
            name: "SnapSwipeModel",
            dependencies: ["SnapStrategies", "SnapLabSupport", "SnapGSL", "SnapTraces", "SnapScoring"],
            swiftSettings: strictSettings
        ),
        // Reports: tables, HTML, plots, the report page, code export, the recording page.
        .target(
            name: "SnapReports",
            dependencies: ["SnapStrategies", "SnapLabSupport", "SnapGSL", "SnapTraces", "SnapScoring", "SnapFitting"],
            swiftSettings: strictSettings
        ),

        // MARK: - Command line
        .target(
            name: "SnapLabCommands",
            dependencies: [
                "SnapStrategies",
            ] + evaluatorModules.map { .target(name: $0) } + [
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
        // Helpers shared by the test targets (scratch directories removed at exit, SplitMix64).
        .target(
            name: "SnapLabTestSupport",
            path: "Tests/SnapLabTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SnapStrategiesTests",
            dependencies: ["SnapStrategies", "SnapLabTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SnapEvaluatorTests",
            dependencies: evaluatorModules.map { .target(name: $0) } + ["SnapStrategies", "SnapLabTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SnapLabCommandsTests",
            dependencies: ["SnapLabCommands", "SnapStrategies", "SnapLabTestSupport"] + evaluatorModules.map { .target(name: $0) },
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
