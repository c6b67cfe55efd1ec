import ArgumentParser
import Foundation
import SnapLabTestSupport
import SnapStrategies
import Testing
@testable import SnapLabCommands

@Suite("snaplab export")
struct ExportTests {
    static func render(_ args: [String]) throws -> (files: [String], notes: [String]) {
        let command = try #require(try SnapLab.parseAsRoot(["export"] + args) as? SnapLab.Export)
        let (files, notes) = try command.render()
        return (files.map(\.text), notes)
    }

    @Test("--param values reach the code; --platform the header")
    func values() throws {
        let (files, _) = try Self.render(["--policy", "tag99", "--param", "highTier=3.5", "--param", "lowTier=3", "--lang", "kotlin",
                                          "--platform", "android"])
        #expect(files.count == 1)
        #expect(files[0].contains("const val lowTier: Double = 3.0") && files[0].contains("const val highTier: Double = 3.5"))
        #expect(files[0].contains("Platform: android.") && files[0].contains("Data: none: the policy's defaults with --param values."))
    }

    @Test("every catalogue policy renders in swift, kotlin and js")
    func everyPolicy() throws {
        for id in PolicyCatalog.identifiers {
            for language in ["swift", "kotlin", "js"] {
                let (files, _) = try Self.render(["--policy", id, "--lang", language])
                #expect(!files.isEmpty && files.allSatisfy { $0.contains("Policy: \(id)") }, "\(id) \(language)")
            }
        }
    }

    @Test("usage errors: unknown policy, unknown capped policy, bad values, unknown language")
    func errors() throws {
        #expect(throws: ValidationError.self) { try Self.render(["--policy", "tag999", "--lang", "js"]) }
        #expect(throws: ValidationError.self) { try Self.render(["--policy", "no-such-policy@max1", "--lang", "kotlin"]) }
        do {
            _ = try Self.render(["--policy", "tag999", "--lang", "kotlin"])
            Issue.record("expected a usage error for an unknown policy")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 64)
        }
        #expect(throws: ValidationError.self) { try Self.render(["--policy", "tag99", "--param", "lowTier=30", "--lang", "js"]) }
        #expect(throws: (any Error).self) { try SnapLab.parseAsRoot(["export", "--policy", "tag99", "--lang", "dart"]) }
    }

    @Test("js with --out writes the module and its .d.ts; another estimator drops the tracker with a note",
          .enabled(if: ExitCodeTests.binary != nil, "the snaplab binary is not built"))
    func writes() throws {
        let dir = try TestScratch.directory("export-cli")
        let out = dir.appendingPathComponent("snap.mjs").path
        let r = try ExitCodeTests.run(["export", "--policy", "css-snap-mandatory", "--lang", "js", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty && r.stderr.contains("wrote \(out)"))
        let module = try String(contentsOfFile: out, encoding: .utf8)
        #expect(module.contains("export function targetIndex"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("snap.d.ts").path))
        let (files, notes) = try Self.render(["--policy", "nearest", "--lang", "js", "--velocity", "chromium"])
        #expect(!files[0].contains("createVelocityTracker") && notes.contains { $0.contains("no JavaScript port of the chromium estimator") })
        let missing = try ExitCodeTests.run(["export", "--policy", "tag99", "--lang", "swift", "--out", "/nonexistent-dir/x.swift"])
        #expect(missing.status != 0 && !missing.stderr.isEmpty)
    }
}
