import Foundation
import SnapLabTestSupport
import SnapStrategies
import Testing
@testable import SnapGSL
@testable import SnapReports

/// `SnapStrategies` as an app uses it: a package (`Tests/ConsumerPackage`) depending on it by path,
/// product only, built with `swift build` and run. On Linux it links only because SnapStrategies
/// links libm itself (without that line in Package.swift the link fails with 24 undefined
/// references to `round`, `trunc`, `sqrt`, …). The same build compiles the Swift export of every
/// policy of the catalogue (at random valid values), and three with a per-fling cap, and runs it: each rebuilds its values exactly
/// and decides as the policy does. One nested build (a few minutes on a loaded machine).
@Suite("a consumer package depending on SnapStrategies", .serialized)
struct ConsumerPackageTests {
    static let root = packageRoot

    @Test("builds against SnapStrategies, links on Linux, and runs every policy's Swift export", .timeLimit(.minutes(12)))
    func consumerBuildsAndRuns() throws {
        let fm = FileManager.default
        let dir = try TestScratch.directory("consumer").appendingPathComponent("SnapConsumer")
        try fm.copyItem(at: Self.root.appendingPathComponent("Tests/ConsumerPackage"), to: dir)
        let template = try String(contentsOf: dir.appendingPathComponent("Package.swift.template"), encoding: .utf8)
        let identity = Self.root.lastPathComponent.lowercased()
        try template.replacingOccurrences(of: "@SNAPLAB_PATH@", with: Self.root.path)
            .replacingOccurrences(of: "@SNAPLAB_IDENTITY@", with: identity)
            .write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try fm.removeItem(at: dir.appendingPathComponent("Package.swift.template"))
        // SnapLab's own dependency, resolved from the checkout its build already has (no network).
        let parser = Self.root.appendingPathComponent(".build/checkouts/swift-argument-parser")
        if fm.fileExists(atPath: parser.path) {
            let mirror = try TestProcess.run("swift", ["package", "--package-path", dir.path, "config", "set-mirror",
                                                        "--original", "https://github.com/apple/swift-argument-parser",
                                                        "--mirror", parser.path])
            try #require(mirror.status == 0, "set-mirror failed: \(mirror.output)")
        }
        // Every policy's Swift export at random valid values, and a check that runs it.
        let rng = try GSLRandom(seed: 0xC0_25E4)
        var policies: [any SnapPolicy] = []
        var checks: [String] = []
        // With a per-fling cap too: generic (tag99, swiftui-viewaligned-never) and the platform's own (compose-pager).
        let capped = try ["tag99@max1", "compose-pager@max2", "swiftui-viewaligned-never@max1"].map { try PolicyCatalog.policy(id: $0) }
        for base in PolicyCatalog.all + capped {
            let policy = base.parameterSpecs.isEmpty ? base : try ExportVectors.randomParameters(of: base, rng)
            policies.append(policy)
            let header = ExportHeader(policy: policy, velocity: "lsq2", hit: "none", data: "ConsumerPackageTests")
            let export = PolicyExport(policy: policy, header: header)
            let file = try export.files(.swift)[0]
            try file.text.write(to: dir.appendingPathComponent("Sources/SnapConsumer/\(export.typeName)Export.swift"),
                                atomically: true, encoding: .utf8)
            checks.append("""
                    { layout, release in
                        let p = try \(export.typeName)Export.makePolicy()
                        let d = \(export.typeName)Export.decide(layout: layout, release: release, policy: p)
                        let i = \(export.typeName)Export.targetIndex(layout: layout, release: release, policy: p)
                        return "\\(p.id) \\(p.parameterValues) \\(d.targetSlot) \\(i) \\(d.targetOffset) \\(d.rule)"
                    },
                """)
        }
        // The unit conversions at the UIKit boundary, once.
        let first = PolicyExport(policy: policies[0], header: ExportHeader(policy: policies[0], velocity: "", hit: "", data: "")).typeName
        checks.append("""
                { _, _ in
                    "units \\(\(first)Export.releaseVelocity(willEndDraggingVelocity: 1.25)) "
                        + "\\(\(first)Export.releaseVelocity(panVelocity: 1500)) \\(\(first)Export.points(pixels: 330, scale: 3))"
                },
            """)
        try ("import SnapStrategies\n\nlet exportedChecks: [@Sendable (CarouselLayout, Release) throws -> String] = [\n"
             + checks.joined(separator: "\n") + "\n]\n")
            .write(to: dir.appendingPathComponent("Sources/SnapConsumer/ExportedChecks.swift"), atomically: true, encoding: .utf8)

        let build = try TestProcess.run("swift", ["build", "--package-path", dir.path])
        try #require(build.status == 0, "swift build of the consumer package failed:\n\(build.output.suffix(4000))")
        let run = try TestProcess.run(dir.appendingPathComponent(".build/debug/SnapConsumer").path, [])
        try #require(run.status == 0, "the consumer failed:\n\(run.output)")

        let layout = try CarouselLayout(itemWidth: 300, spacing: 12, leadingInset: 24, trailingInset: 8,
                                        viewportWidth: 390, itemCount: 9, alignment: .center)
        let release = Release(offset: 640, velocity: -1.7, startOffset: 590, startTime: 0, time: 140, startIndex: 2,
                              fingerTravel: 58)
        var expected = PolicyCatalog.all.map { p in
            let d = p.decide(release, in: layout)
            return "\(p.id) \(d.targetIndex) \(d.rule)"
        }
        expected += policies.map { p in
            let d = p.decide(release, in: layout)
            return "\(p.id) \(p.parameterValues) \(d.targetSlot) \(d.targetIndex) \(d.targetOffset) \(d.rule)"
        }
        expected.append("units 1.25 -1.5 110.0")
        #expect(run.output.split(separator: "\n").map(String.init) == expected)
    }
}
