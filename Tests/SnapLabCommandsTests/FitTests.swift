import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

@Suite("snaplab fit")
struct FitTests {
    func output(_ args: [String]) throws -> CommandOutput {
        let command = try SnapLab.parseAsRoot(["fit"] + args)
        return try #require(command as? SnapLab.Fit).output()
    }

    @Test("a fling threshold is recovered; JSON has the keys; the table shows scores, convergence and --param")
    func recoversThreshold() throws {
        let path = try CommandFixtures.write(flingFixture())
        let args = [path, "--policy", "android-pagersnap", "--params", "minFlingVelocity", "--param", "minFlingVelocity=1",
                    "--bootstrap", "8", "--seed", "3"]
        let json = try output(args + ["--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        for key in ["policy", "parameters", "train_score", "test_score", "default_score", "convergence", "all_traces_score",
                    "param_arguments"] {
            #expect(doc[key] != nil, "\(key)")
        }
        #expect(doc["policy"] as? String == "android-pagersnap")
        let parameters = try #require(doc["parameters"] as? [[String: Any]])
        let fling = try #require(parameters.first { $0["name"] as? String == "minFlingVelocity" })
        for key in ["name", "value", "default", "ci"] { #expect(fling[key] != nil, "\(key)") }
        let value = try #require(fling["value"] as? Double)
        #expect(value >= 0.8 && value < 0.85, "fitted \(value)")
        #expect((fling["ci"] as? [Double])?.count == 2)
        #expect(fling["default"] as? Double == 0.05)
        #expect(doc["all_traces_score"] as? Double == 1)
        #expect((doc["test_score"] as? Double ?? 0) > 0.95)
        // Defaults fling on every trace faster than 0.05 pt/ms: only 0.05 (stays) and the 24 from 0.85 up hit.
        #expect(doc["default_score"] as? Double == 25.0 / 40.0)
        #expect(json.standardError.contains("seed: 3"))

        let table = try output(args).text
        #expect(table.contains("policy: android-pagersnap"))
        #expect(table.contains("test (mean of folds) ± SE"))
        #expect(table.contains("convergence (coordinate search"))
        #expect(table.contains("converged, no single-parameter move improves"))
        #expect(table.contains("use the fitted values: --param minFlingVelocity="))
        #expect(table.contains("density") && table.contains("(fixed)"))
    }

    @Test("the learned policy's fit names its own method: likelihood then exact cut points, not a coordinate search")
    func learnedFitNamesItsMethod() throws {
        let path = try CommandFixtures.write(flingFixture())
        let args = [path, "--policy", "learned-threshold", "--bootstrap", "4", "--seed", "3"]
        let table = try output(args).text
        #expect(table.contains("convergence (maximum likelihood by GSL BFGS, then the cut points set exactly"), "\(table)")
        #expect(table.contains("likelihood evaluations in all"))
        #expect(!table.contains("coordinate search") && !table.contains("one-parameter profiles"))
        let json = try output(args + ["--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        #expect(doc["method"] as? String == "maximum likelihood, then exact cut points")
        // The fixture records no finger travel: that feature is constant, so its weight is held, not given a [0, 0] interval.
        let parameters = try #require(doc["parameters"] as? [[String: Any]])
        let finger = try #require(parameters.first { $0["name"] as? String == "fingerTravelWeight" })
        #expect(finger["fitted"] as? Bool == false)
        #expect(finger["ci"] is NSNull)
        let velocity = try #require(parameters.first { $0["name"] as? String == "velocityWeight" })
        #expect(velocity["fitted"] as? Bool == true && velocity["ci"] is [Double])
        #expect(table.contains("fingerTravelWeight held at 0, not fitted: its feature is constant in these data"), "\(table)")
        let pager = try output([path, "--policy", "android-pagersnap", "--params", "minFlingVelocity", "--bootstrap", "4",
                                "--format", "json"])
        let other = try #require(try JSONSerialization.jsonObject(with: Data(pager.text.utf8)) as? [String: Any])
        #expect(other["method"] as? String == "coordinate search")
    }

    @Test("the --param values printed reproduce the fitted score in compare")
    func feedBack() throws {
        let path = try CommandFixtures.write(flingFixture(users: 5))
        let fit = try output([path, "--policy", "tag99", "--bootstrap", "0", "--folds", "5", "--format", "json"]).text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(fit.utf8)) as? [String: Any])
        let arguments = try #require(doc["param_arguments"] as? String).split(separator: " ").map(String.init)
        #expect(arguments.first == "--param")
        let score = try #require(doc["all_traces_score"] as? Double)
        let compare = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "tag99", "--bootstrap", "10",
                                                            "--format", "json"] + arguments) as? SnapLab.Compare)
        let result = try JSONSerialization.jsonObject(with: Data(compare.output().text.utf8)) as? [String: Any]
        let row = try #require((result?["policies"] as? [[String: Any]])?.first)
        #expect(row["hit_rate"] as? Double == score)
    }

    @Test("--folds larger than the number of users is an error naming both (issue 31); left out, leave-one-user-out")
    func moreFoldsThanUsers() throws {
        let path = try CommandFixtures.write(flingFixture(users: 5))
        #expect(throws: (any Error).self) { _ = try output([path, "--policy", "tag99", "--bootstrap", "0", "--folds", "6"]) }
        do {
            _ = try output([path, "--policy", "tag99", "--bootstrap", "0", "--folds", "6"])
        } catch {
            #expect("\(error)".contains("--folds 6 is more than the 5 users of the data"), "\(error)")
            #expect(SnapLab.exitCode(for: error).rawValue == 64)
        }
        _ = try output([path, "--policy", "tag99", "--bootstrap", "0", "--folds", "5"])
        let three = try CommandFixtures.write(flingFixture(users: 3))
        #expect(try output([three, "--policy", "tag99", "--bootstrap", "0"]).text.contains("leave-one-user-out"))
    }

    @Test("usage errors exit 64")
    func usage() throws {
        let path = try CommandFixtures.write(flingFixture())
        for args in [[path], [path, "--policy", "nope"], [path, "--policy", "nearest"],
                     [path, "--policy", "tag99", "--params", "nope"], [path, "--policy", "tag99", "--folds", "1"],
                     [path, "--policy", "tag99", "--cost", "over=x"], [path, "--policy", "tag99", "--objective", "hit-rate", "--cost", "over=2"],
                     [path, "--policy", "tag99", "--bootstrap", "-1"], ["--policy", "tag99"]] {
            do {
                _ = try output(args)
                Issue.record("expected a usage error for \(args)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(args)")
            }
        }
    }

    @Test("data a fit cannot use exits 65: a single user, no labels, bad rows; two users fit leave-one-user-out")
    func badData() throws {
        let twoUsers = try CommandFixtures.write(flingFixture(users: 2))
        var adapted = try SnapLab.parseAsRoot(["fit", twoUsers, "--policy", "tag99", "--bootstrap", "0"])
        try adapted.run()
        let oneUser = try CommandFixtures.write(flingFixture(users: 1))
        let unlabelled = try CommandFixtures.write(flingFixture(labelled: false))
        let broken = try CommandFixtures.write(flingFixture().replacingOccurrences(of: "u1-3,user1,220", with: "u1-3,user1,abc"))
        for path in [oneUser, unlabelled, broken] {
            do {
                var command = try SnapLab.parseAsRoot(["fit", path, "--policy", "tag99", "--bootstrap", "0"])
                try command.run()
                Issue.record("expected a failure for \(path)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 65)
            }
        }
    }

    @Test("the cost objective is minimized and named")
    func cost() throws {
        let path = try CommandFixtures.write(flingFixture())
        let text = try output([path, "--policy", "android-pagersnap", "--params", "minFlingVelocity", "--param", "minFlingVelocity=1",
                               "--cost", "over=1,under=3", "--bootstrap", "0", "--format", "json"]).text
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(doc["objective"] as? String == "cost(over=1.0,under=3.0,false-change=2.0)")
        #expect(doc["all_traces_score"] as? Double == 0)
    }
}
