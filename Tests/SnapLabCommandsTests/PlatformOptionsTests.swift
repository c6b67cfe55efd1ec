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

    @Test("without --platform the code's header says which estimator and criterion were assumed")
    func assumed() throws {
        let path = try CommandFixtures.write(flingFixture())
        let (report, _) = try recommend([path, "--policies", "nearest,tag99", "--max-fitted-parameters", "0"]).recommendation()
        #expect(report.recommendation.swiftCode.contains("Assumes: velocity estimator recorded; hit criterion exact; platform not given"))
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
