import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands
import SnapStrategies
@testable import SnapFitting
@testable import SnapReports

@Suite("--platform")
struct PlatformOptionsTests {
    func recommend(_ args: [String]) throws -> SnapLab.Recommend {
        try #require(try SnapLab.parseAsRoot(["recommend"] + args) as? SnapLab.Recommend)
    }

    /// 40 labelled strokes logged one row per display frame (a first move 90–94 ms after touch-down,
    /// rows 17 and 8 ms apart, a repeated lift-off row): the `frame-logged` pattern.
    static var framesFixture: String {
        var text = "trace_id,user_id,t_ms,touch_x,phase,intended_index\n"
        for k in 0..<40 {
            let d = Double(k % 5)
            for (t, x, phase) in [(0, 300, "began"), (90 + d, 260, "moved"), (107 + d, 226, "moved"), (115 + d, 226, "ended")] {
                text += "s\(k),u\(k % 10),\(t),\(x),\(phase),\(k % 2)\n"
            }
        }
        return text
    }

    @Test("sets the platform's estimator, keeps its native policies and the rules, and says so in the code's header")
    func compose() throws {
        let path = try CommandFixtures.write(flingFixture())
        let command = try recommend([path, "--platform", "compose", "--policies", "nearest,android-pagersnap,compose-pager,tag99",
                                     "--max-fitted-parameters", "0"])
        #expect(try command.platformOptions.applied(to: command.input).velocity == .compose, "lsq2, the default, is replaced")
        let (report, _) = try command.recommendation()
        let ids = Set(report.recommendation.ranking.map(\.policyID))
        #expect(ids == ["nearest", "compose-pager", "tag99"], "android-pagersnap is not a Compose policy")
        #expect(report.preamble.contains { $0.key == "platform" && $0.value.hasPrefix("platform compose") })
        // A release-level file carries its own velocities: the header says so.
        let code = report.recommendation.swiftCode
        #expect(code.contains("velocity estimator recorded") && code.contains("hit criterion exact") && code.contains("platform compose"))
    }

    @Test("--platform compose on frame-logged rows reads them with compose-frames and says so; an explicit --velocity compose is kept")
    func composeFrames() throws {
        let text = Self.framesFixture
        let path = try CommandFixtures.write(text, name: "frames-labelled.csv")
        let layout = ["--item-width", "160", "--viewport", "375", "--count", "10"]
        let args = [path, "--platform", "compose", "--policies", "nearest,compose-lazyrow-snap", "--max-fitted-parameters", "0"] + layout
        let (report, notes) = try recommend(args).recommendation()
        #expect(report.preamble.contains { $0.key == "velocity" && $0.value.contains("compose-frames") && $0.value.contains("display frame") })
        // the platform line names the estimator the run used, not the tracker's own on the rows
        #expect(report.preamble.contains { $0.key == "platform" && $0.value.contains("measures it (compose-frames)") })
        #expect(report.recommendation.swiftCode.contains("compose-frames") && report.recommendation.swiftCode.contains("frame-logged"))
        #expect(notes.contains { $0.contains("uses compose-frames") })
        let (kept, keptNotes) = try recommend(args + ["--velocity", "compose"]).recommendation()
        #expect(kept.preamble.contains { $0.key == "velocity" && !$0.value.contains("compose-frames") })
        #expect(kept.preamble.contains { $0.key == "platform" && $0.value.contains("measures it (compose)") })
        #expect(!keptNotes.contains { $0.contains("uses compose-frames") })
        // touchscreen-rate rows are not frame-logged: Compose's tracker on the rows
        var touch = "trace_id,user_id,t_ms,touch_x,phase,intended_index\n"
        for k in 0..<40 {
            for i in 0...8 { touch += "s\(k),u\(k % 10),\(8 * i),\(300 - 5 * i),\(i == 0 ? "began" : "moved"),\(k % 2)\n" }
            touch += "s\(k),u\(k % 10),68,260,ended,\(k % 2)\n"
        }
        let touchPath = try CommandFixtures.write(touch, name: "touch-labelled.csv")
        let (plain, _) = try recommend([touchPath] + args.dropFirst()).recommendation()
        #expect(plain.preamble.contains { $0.key == "velocity" && $0.value.hasPrefix("compose") && !$0.value.contains("compose-frames") })
    }

    @Test("the estimator is chosen from a pre-scan of the first traces, then the traces are read once: same figures as --velocity compose-frames")
    func framesPrescan() throws {
        let text = Self.framesFixture
        let layout = ["--item-width", "160", "--viewport", "375", "--count", "10"]
        // the pre-scan stops after its prefix: a malformed row after it is not reached
        let broken = try CommandFixtures.write(text + "s99,u1,0,not-a-number,began,0\n", name: "frames-broken.csv")
        let prefix = try recommend([broken, "--platform", "compose"] + layout)
        #expect(try prefix.input.firstTracesLookFrameLogged(limit: 40))
        #expect(throws: (any Error).self) { try prefix.input.firstTracesLookFrameLogged(limit: 41) }
        // one read with the chosen estimator gives the figures of a read with it asked for
        let path = try CommandFixtures.write(text, name: "frames-once.csv")
        let args = [path, "--policies", "nearest,compose-lazyrow-snap,tag99", "--max-fitted-parameters", "0"] + layout
        let (auto, _) = try recommend(args + ["--platform", "compose"]).recommendation()
        let (asked, _) = try recommend(args + ["--platform", "compose", "--velocity", "compose-frames"]).recommendation()
        func figures(_ r: RecommendationReport) -> [String] {
            r.recommendation.ranking.map { "\($0.name) \($0.testScore) \($0.userHits)" } + [r.recommendation.chosen.name]
        }
        #expect(figures(auto) == figures(asked))
        #expect(auto.preamble.first { $0.key == "file" }?.value.hasSuffix("(sample-level, 40 traces)") == true)
    }

    @Test("without --platform the code's header says which estimator and criterion were assumed")
    func assumed() throws {
        let path = try CommandFixtures.write(flingFixture())
        let (report, _) = try recommend([path, "--policies", "nearest,tag99", "--max-fitted-parameters", "0"]).recommendation()
        #expect(report.recommendation.swiftCode.contains("Assumes: velocity estimator recorded; hit criterion exact; platform not given"))
    }

    @Test("recommend --export names the platform in the code's header: the one given, or that none was")
    func exportNamesThePlatform() throws {
        let path = try CommandFixtures.write(flingFixture())
        let args = [path, "--policies", "nearest,compose-pager,tag99", "--max-fitted-parameters", "0", "--export", "swift"]
        let given = try recommend(args + ["--platform", "compose"]).output().text
        #expect(given.contains("// Platform: compose.\n"), "\(given)")
        #expect(!given.contains("Platform: not stated"))
        let none = try recommend(args).output().text
        #expect(none.contains("// Platform: not given (recommend ran without --platform: the velocity estimator above was assumed).\n"))
    }

    @Test("a --velocity of another platform, or no policy of the platform, is a usage error")
    func conflicts() throws {
        let path = try CommandFixtures.write(flingFixture())
        #expect(throws: ValidationError.self) { _ = try recommend([path, "--platform", "ios", "--velocity", "flutter"]).recommendation() }
        #expect(throws: ValidationError.self) {
            _ = try recommend([path, "--platform", "web", "--policies", "android-pagersnap"]).recommendation()
        }
    }

    @Test("among equally simple candidates the platform's native policy is preferred")
    func nativeFirst() throws {
        func c(_ id: String, order: Int) -> Recommendation.Candidate {
            Recommendation.Candidate(policyID: id, variant: "defaults", fittedParameters: [], parameterCount: 1, order: order,
                                     foldTestScores: [0.5, 0.5], testScore: 0.5, testStandardError: 0.01,
                                     policy: SnapStrategies.NearestPageSnap())
        }
        let plain = try Recommendation(objective: .hitRate, candidates: [c("tag99", order: 0), c("compose-pager", order: 1)], folds: 2)
        #expect(plain.chosen.policyID == "tag99")
        let native = try Recommendation(objective: .hitRate, candidates: [c("tag99", order: 0), c("compose-pager", order: 1)], folds: 2,
                                        native: ["compose-pager"])
        #expect(native.chosen.policyID == "compose-pager")
    }
}
