import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

@Suite("snaplab recommend")
struct RecommendTests {
    func command(_ args: [String]) throws -> SnapLab.Recommend {
        try #require(try SnapLab.parseAsRoot(["recommend"] + args) as? SnapLab.Recommend)
    }

    @Test("picks a policy, prints ranking, rule, reasons and exactly Recommendation.swiftCode")
    func picksAndPrintsCode() throws {
        let path = try CommandFixtures.write(flingFixture())
        let args = [path, "--policies", "nearest,android-pagersnap,tag99", "--seed", "4"]
        let (report, notes) = try command(args).recommendation()
        let recommendation = report.recommendation
        // nearest never moves (24 of 40 misses); a fitted pagersnap threshold hits everything.
        #expect(recommendation.chosen.policyID == "android-pagersnap")
        #expect(recommendation.chosen.variant == "fitted")
        #expect(recommendation.chosen.testScore > 0.95)
        #expect(notes.contains("seed: 4"))

        let out = try command(args).output()
        let text = out.text
        #expect(text.hasSuffix("Swift:\n" + recommendation.swiftCode))
        #expect(text.contains("func makeRecommendedSnapPolicy() throws -> any SnapPolicy"))
        #expect(text.contains("rule: one-standard-error rule"))
        #expect(text.contains("reasons:\n- Best mean test hit-rate"))
        for id in ["nearest", "android-pagersnap", "tag99"] { #expect(text.contains(id), "\(id)") }
        #expect(text.contains("defaults") && text.contains("fitted"))
        #expect(out.standardError.contains("seed: 4"))

        let json = try command(args + ["--format", "json"]).output().text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        for key in ["objective", "folds", "rule", "chosen", "best", "ranking", "reasons", "swift_code"] {
            #expect(doc[key] != nil, "\(key)")
        }
        #expect(doc["swift_code"] as? String == recommendation.swiftCode)
        // nearest (defaults), pagersnap and tag99 with defaults and fitted: five candidates.
        #expect((doc["ranking"] as? [[String: Any]])?.count == 5)
    }

    @Test("--export prints the chosen configuration as snaplab export writes it, fitted values marked, in table and JSON")
    func exportsChosen() throws {
        let path = try CommandFixtures.write(flingFixture())
        let args = [path, "--policies", "nearest,android-pagersnap", "--seed", "4"]
        let text = try command(args + ["--export", "kotlin"]).output().text
        #expect(text.contains("\nkotlin export:\n"))
        #expect(text.contains("object AndroidPagersnapSnap {"))
        #expect(text.contains("minFlingVelocity = ") && text.contains("dp/ms (fitted)"))
        #expect(text.contains("\n// Velocity: ") && text.contains("\n// Hit criterion: ") && text.contains("Data: \(path)"))
        #expect(text.contains("Chosen by snaplab recommend: android-pagersnap (fitted)"))
        let json = try command(args + ["--export", "js", "--format", "json"]).output().text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((doc["export"] as? String)?.contains("export function targetIndex(layout, release)") == true)
        // The chosen policy has no native settings: a usage error naming the ones that have.
        #expect(throws: ValidationError.self) { try command(args + ["--export", "native"]).output() }
    }

    @Test("--folds larger than the number of users is an error naming both, exit 64 (issue 31)")
    func moreFoldsThanUsers() throws {
        let path = try CommandFixtures.write(flingFixture(users: 5))
        do {
            _ = try command([path, "--policies", "nearest,tag99", "--folds", "6"]).recommendation()
            Issue.record("--folds 6 with 5 users was accepted")
        } catch {
            #expect("\(error)".contains("--folds 6 is more than the 5 users of the data"), "\(error)")
            #expect(SnapLab.exitCode(for: error).rawValue == 64)
        }
    }

    @Test("policies with more free parameters than the limit are scored with defaults only")
    func fittingLimit() throws {
        let path = try CommandFixtures.write(flingFixture())
        let (report, _) = try command([path, "--policies", "android-pagersnap,tag99", "--max-fitted-parameters", "2"]).recommendation()
        // tag99 has three thresholds (lowTier, highTier, backwardFraction), android-pagersnap one
        // (its density is a platform constant).
        #expect(report.recommendation.notFitted == ["tag99"])
        #expect(report.recommendation.ranking.filter { $0.policyID == "tag99" }.map(\.variant) == ["defaults"])
        #expect(report.table().contains("scored with defaults only (too many parameters to fit): tag99"))
    }

    @Test("usage errors exit 64; unusable data exits 65")
    func errors() throws {
        let path = try CommandFixtures.write(flingFixture())
        for args in [[path, "--policies", "nope"], [path, "--folds", "0"], [path, "--max-pages", "0"], [String]()] {
            do {
                _ = try command(args).output()
                Issue.record("expected a usage error for \(args)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(args)")
            }
        }
        let fewUsers = try CommandFixtures.write(flingFixture(users: 1))
        do {
            var run = try SnapLab.parseAsRoot(["recommend", fewUsers, "--policies", "nearest"])
            try run.run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 65)
        }
    }

    @Test("--fit-sample-cap takes a positive number of traces, 'all' or 'auto', says the cap in the JSON, and rejects anything else with 64")
    func fitSampleCap() throws {
        let path = try CommandFixtures.write(flingFixture())
        for bad in ["0", "-3", "abc", "", "1.5", "ALL", "Auto", "2000000000"] {
            do {
                _ = try command([path, "--policies", "tag99", "--fit-sample-cap", bad]).output()
                Issue.record("expected a usage error for --fit-sample-cap '\(bad)'")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(bad)")
                if bad == "abc" { #expect(SnapLab.fullMessage(for: error).contains("'all' or 'auto', not 'abc'")) }
            }
        }
        func doc(_ extra: [String]) throws -> [String: Any] {
            let json = try command([path, "--policies", "tag99", "--seed", "4", "--format", "json"] + extra).output().text
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        }
        // The fixture's 240 traces (6 users): a cap of 10 samples every fit, 'all' none, the default
        // ('auto': a fifth of the traces, at least 50,000) none either.
        let capped = try doc(["--fit-sample-cap", "10"])
        #expect(capped["fit_sample_cap"] as? Int == 10)
        let fitted = try #require((capped["ranking"] as? [[String: Any]])?.first { $0["variant"] as? String == "fitted" })
        #expect(fitted["fit_sample_cap"] as? Int == 10)
        #expect((capped["notes"] as? [String])?.contains { $0.contains("more than 10 traces") && $0.contains("seed 4") } == true)
        let all = try doc(["--fit-sample-cap", "all"])
        #expect(all["fit_sample_cap"] as? String == "all")
        #expect((all["ranking"] as? [[String: Any]])?.allSatisfy { $0["fit_sample_cap"] is NSNull } == true)
        let automatic = try doc([])
        #expect(automatic["fit_sample_cap"] as? Int == 50_000)
        #expect((automatic["ranking"] as? [[String: Any]])?.allSatisfy { $0["fit_sample_cap"] is NSNull } == true)
        #expect(try doc(["--fit-sample-cap", "auto"])["fit_sample_cap"] as? Int == 50_000)
    }
}
