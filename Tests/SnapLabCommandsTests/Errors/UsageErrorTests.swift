import Foundation
import Testing
@testable import SnapLabCommands

/// Usage errors as a user meets them: the built `snaplab`, exit 64, the subcommand's usage,
/// a did-you-mean and the known names.
@Suite("Usage errors")
struct UsageErrorTests {
    static var fixture: String { CommandFixtures.path("gen50_seed3.csv") }

    @Test("did-you-mean for policies, parameters, commands and option values; negative counts; bad --out",
          .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built: run `swift build` first"))
    func messages() throws {
        let cases: [([String], [String])] = [
            (["compare", Self.fixture, "--policies", "tag9"],
             ["unknown policy 'tag9'. Did you mean 'tag99'?", "Known policies: ashorizontal,", "Usage: snaplab compare"]),
            (["compare", Self.fixture, "--policies", "Embla"], ["Did you mean 'embla'?"]),
            (["compare", Self.fixture, "--policies", "tag99", "--param", "lowtier=0.5"],
             ["Did you mean 'lowTier'", "Known: lowTier,", "Usage: snaplab compare"]),
            (["explain", "--policy", "tag99", "--offset", "1", "--velocity", "1", "--param", "tag99.lowtier=1"],
             ["no parameter named 'lowtier'", "Did you mean 'lowTier'", "Usage: snaplab explain"]),
            (["comapre", Self.fixture], ["unknown command 'comapre'. Did you mean 'compare'?", "Commands: compare, merge, explain"]),
            (["compare", Self.fixture, "--format", "jsn"], ["Did you mean 'json'?"]),
            (["compare", Self.fixture, "--bootstrap", "-5"], ["--bootstrap must be a positive number of resamples", "not -5"]),
            (["plot", "hit-rate", Self.fixture, "--bins", "0", "--out", "x.svg"], ["--bins must be a positive number of bins"]),
            (["plot", "decision-map", "--policy", "tag99", "--out", "x.pdf"], [".svg or .png", "Usage: snaplab plot decision-map"]),
        ]
        for (args, fragments) in cases {
            let r = try ExitCodeTests.run(args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty)
            for f in fragments { #expect(r.stderr.contains(f), "\(args): missing '\(f)' in \(r.stderr)") }
        }
    }

    @Test("--out x.png renders through rsvg-convert", .enabled(if: ExitCodeTests.binary != nil && PNGRendererAvailable.yes))
    func png() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("map.png").path
        let r = try ExitCodeTests.run(["plot", "decision-map", "--policy", "tag99", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
}

enum PNGRendererAvailable {
    static var yes: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") }
}
