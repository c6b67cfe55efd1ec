import Foundation
import Testing
@testable import SnapLabCommands

/// Every command that reads traces runs the same data checks (``DataChecks``): counted warnings
/// with example file:line on standard error, and the same `warnings` array in JSON. One test per
/// command, each on a file that triggers a warning and (where cheap) one that does not.
@Suite("data-check warnings on every command that reads traces")
struct DataWarningsTests {
    /// `flingFixture()` with one release 2000 pt into a 900-pt content (line 44): outside-content.
    static func outsideFixture() throws -> String {
        try CommandFixtures.write(flingFixture().replacingOccurrences(of: "u1-3,user1,220", with: "u1-3,user1,2000"))
    }

    /// Ten sample-level traces in a ten-item row, two of which end at rest (velocity 0: 20%).
    static func stillFixture() throws -> String {
        var text = "trace_id,user_id,t_ms,offset,intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count\n"
        for k in 0..<10 {
            let step = k < 2 ? 0 : 10
            for i in 0..<6 {
                text += "t\(k),u\(k),\(i * 16),\(200 + i * step),\(k % 3 + 1)" + (i == 0 ? ",100,0,0,100,10" : ",,,,,") + "\n"
            }
        }
        return try CommandFixtures.write(text)
    }

    static let outsideLine = "1 of 240 release offsets lie more than one item outside the content"
    static let zeroLine = "2 of 10 release velocities (20.0%) are exactly 0"

    func warnings(_ json: Data) throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        return try #require(doc["warnings"] as? [[String: Any]])
    }

    @Test func compare() throws {
        let path = try Self.outsideFixture()
        let out = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest", "--bootstrap", "50",
                                                         "--format", "json"]) as? SnapLab.Compare).output()
        #expect(out.standardError.contains("warning: " + Self.outsideLine))
        #expect(out.standardError.contains("e.g. \(path):44"))
        #expect(try warnings(Data(out.standardOutput)).map { $0["id"] as? String } == ["outside-content"])
        let clean = try CommandFixtures.write(flingFixture())
        let quiet = try #require(try SnapLab.parseAsRoot(["compare", clean, "--policies", "nearest", "--bootstrap", "50"])
                                 as? SnapLab.Compare).output()
        #expect(!quiet.standardError.contains("warning"))
    }

    @Test func velocityWithAndWithoutThreads() throws {
        let path = try Self.stillFixture()
        for jobs in ["1", "2"] {
            let out = try SnapLab.Velocity.parse([path, "--jobs", jobs]).output()
            #expect(out.standardError.contains("warning: " + Self.zeroLine), "jobs \(jobs): \(out.standardError)")
            #expect(out.standardError.contains("e.g. \(path):2, \(path):8"))
            let json = try SnapLab.Velocity.parse([path, "--jobs", jobs, "--format", "json"]).output()
            #expect(try warnings(Data(json.standardOutput)).map { $0["id"] as? String } == ["zero-velocity"])
            #expect(json.standardError.contains("warning: " + Self.zeroLine))
        }
        // no layout given: the stand-in layout is not checked (a release far outside it is no warning)
        let far = try CommandFixtures.write("trace_id,t_ms,offset\n1,0,5000\n1,16,5020\n1,32,5040\n")
        let out = try SnapLab.Velocity.parse([far]).output()
        #expect(!out.standardError.contains("warning"))
        // a file whose columns give its whole layout is checked against it, as any other command would
        let columns = "item_width,item_spacing,leading_inset,trailing_inset,viewport_width,item_count,alignment,looping"
        let own = try CommandFixtures.write("trace_id,t_ms,offset,\(columns)\n1,0,5000,160,10,10,10,375,4,leading,false\n1,16,5020,,,,,,,,\n1,32,5040,,,,,,,,\n")
        for jobs in ["1", "2"] {
            let checked = try SnapLab.Velocity.parse([own, "--jobs", jobs]).output()
            #expect(checked.standardError.contains("outside the content"), "jobs \(jobs): \(checked.standardError)")
        }
        // some layout columns only: the rest would be the stand-in's, so no layout warning
        let partial = try CommandFixtures.write("trace_id,t_ms,offset,item_width,item_count\n1,0,5000,160,4\n1,16,5020,,\n1,32,5040,,\n")
        #expect(!(try SnapLab.Velocity.parse([partial]).output().standardError.contains("warning")))
        // the options can give what the columns lack
        let given = try SnapLab.Velocity.parse([partial, "--spacing", "10", "--leading-inset", "10", "--viewport", "375"]).output()
        #expect(given.standardError.contains("outside the content"), "\(given.standardError)")
    }

    @Test("velocity and describe name the velocity actually used: recorded for release-level files")
    func velocityInUse() throws {
        let release = try CommandFixtures.write(flingFixture())
        let json = try SnapLab.Velocity.parse([release, "--format", "json"]).output()
        #expect(json.text.contains("\"estimator\": \"recorded\""))
        #expect(try SnapLab.Velocity.parse([release]).output().standardError.contains("velocity: recorded"))
        #expect(try SnapLab.Describe.parse([release]).output().text.hasPrefix("velocity: recorded\n"))
        let samples = try Self.stillFixture()
        #expect(try SnapLab.Describe.parse([samples, "--velocity", "compose", "--format", "json"]).output().text
                    .contains("\"velocity\": \"compose\""))
    }

    @Test func describe() throws {
        let path = try Self.stillFixture()
        let out = try SnapLab.Describe.parse([path]).output()
        #expect(out.standardError.contains("warning: " + Self.zeroLine))
        let json = try SnapLab.Describe.parse([path, "--format", "json"]).output()
        #expect(try warnings(Data(json.standardOutput)).map { $0["id"] as? String } == ["zero-velocity"])
        let clean = try SnapLab.Describe.parse([CommandFixtures.path("gen50_seed3.csv")]).output()
        #expect(!clean.standardError.contains("warning"))
    }

    /// A file with a `hit` column mixing the criteria, in 10 items of 100 pt in a 300-pt viewport
    /// (items 8 and 9 never rest): the unreachable-intended warning counts each trace under its own
    /// criterion, whatever `--hit` says (it applies only to traces without one), on every command.
    @Test func unreachableLabelsFollowEachTracesOwnCriterion() throws {
        var text = "trace_id,user_id,release_offset,release_velocity,start_offset,intended_index,hit,"
            + "item_width,item_spacing,leading_inset,viewport_width,item_count\n"
        for k in 0..<30 {
            let intended = k < 5 ? 9 : k % 3 + 1        // 2 revealed and 3 exact traces intend item 9
            let hit = k < 2 || (k >= 5 && k % 2 == 1) ? "revealed" : "exact"
            text += "t\(k),user\(k % 6),220,\(0.05 * Double(k % 9)),200,\(intended),\(hit),100,0,0,300,10\n"
        }
        let path = try CommandFixtures.write(text, name: "mixed-unreachable.csv")
        let expected = "5 of 30 labelled traces intend an item that can never be a resting item under the layout's alignment "
            + "(3 scored under exact are unreachable: no policy can hit them; 2 scored under revealed: they can only be "
            + "revealed, never rest at the snap position)"
        for hit in ["exact", "revealed"] {
            let out = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest", "--bootstrap", "20",
                                                             "--hit", hit, "--format", "json"]) as? SnapLab.Compare).output()
            #expect(out.standardError.contains("warning: " + expected), "--hit \(hit): \(out.standardError)")
            let warning = try warnings(Data(out.standardOutput)).first { $0["id"] as? String == "unreachable-intended" }
            #expect(warning?["message"] as? String == expected)
            let fit = try SnapLab.Fit.parse([path, "--policy", "android-pagersnap", "--bootstrap", "0", "--hit", hit]).output()
            #expect(fit.standardError.contains("warning: " + expected), "--hit \(hit): \(fit.standardError)")
        }
        // every trace revealed by its column: the default --hit exact no longer calls them unhittable
        let revealed = try CommandFixtures.write(text.replacingOccurrences(of: ",exact,", with: ",revealed,"), name: "revealed-unreachable.csv")
        let out = try #require(try SnapLab.parseAsRoot(["compare", revealed, "--policies", "nearest", "--bootstrap", "20"])
                               as? SnapLab.Compare).output()
        #expect(out.standardError.contains("(scored under revealed: they can only be revealed, never rest at the snap position)"))
        #expect(!out.standardError.contains("no policy can hit them"))
    }

    @Test func fit() throws {
        let path = try Self.outsideFixture()
        let out = try SnapLab.Fit.parse([path, "--policy", "android-pagersnap", "--bootstrap", "0", "--format", "json"]).output()
        #expect(out.standardError.contains("warning: " + Self.outsideLine))
        #expect(try warnings(Data(out.standardOutput)).map { $0["id"] as? String } == ["outside-content"])
    }

    @Test func recommendMarksFewUsersAndWarns() throws {
        let path = try Self.outsideFixture()
        let args = [path, "--policies", "nearest,android-pagersnap", "--seed", "4"]
        let out = try SnapLab.Recommend.parse(args + ["--format", "json"]).output()
        #expect(out.standardError.contains("warning: " + Self.outsideLine))
        #expect(try warnings(Data(out.standardOutput)).map { $0["id"] as? String } == ["outside-content"])
        #expect(out.text.contains("\"intervals_from_few_users\" : false") || out.text.contains("\"intervals_from_few_users\": false"))
        #expect(!(try SnapLab.Recommend.parse(args).output().text.contains("†")))
        // two users: folds leave one user out; every ± SE is marked and the footnote says why
        let two = try CommandFixtures.write(flingFixture(users: 2))
        let few = try SnapLab.Recommend.parse([two, "--policies", "nearest,android-pagersnap", "--seed", "4"]).output()
        #expect(few.text.contains(" †"))
        #expect(few.text.contains("† from 2 users (fewer than 5): intervals and tests are not meaningful"))
        #expect(few.standardError.contains("warning: only 2 users"))
    }

    @Test func report() throws {
        let path = try Self.outsideFixture()
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        let command = try #require(try SnapLab.parseAsRoot(["report", path, "--out", dir.appendingPathComponent("r.html").path,
                                                             "--policies", "nearest,tag99", "--bootstrap", "50",
                                                             "--no-recommendation"]) as? SnapLab.Report)
        #expect(try command.render().contains("warning: " + Self.outsideLine))
        // and on the page, in the dataset summary
        let html = try String(contentsOfFile: dir.appendingPathComponent("r.html").path, encoding: .utf8)
        #expect(html.contains("<dt>warning</dt><dd>" + Self.outsideLine))
        #expect(!html.contains("†"))
        // two users: the comparison's and the verdict's intervals are marked, with the footnote
        let two = try CommandFixtures.write(flingFixture(users: 2))
        let small = dir.appendingPathComponent("small.html").path
        let few = try #require(try SnapLab.parseAsRoot(["report", two, "--out", small, "--policies", "nearest,tag99",
                                                         "--bootstrap", "50", "--no-recommendation"]) as? SnapLab.Report)
        _ = try few.render()
        let page = try String(contentsOfFile: small, encoding: .utf8)
        #expect(page.contains("% †") && page.contains("† from 2 users (fewer than 5)"))
        // the comparison's legend, the verdict and the by-intent table each carry the footnote
        #expect(page.components(separatedBy: "† from 2 users (fewer than 5)").count - 1 == 3)
    }

    @Test func plots() throws {
        let path = try Self.outsideFixture()
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        let curve = try #require(try SnapLab.parseAsRoot(["plot", "hit-rate", path, "--policies", "nearest",
                                                           "--out", dir.appendingPathComponent("c.svg").path])
                                 as? SnapLab.Plot.HitRatePlot)
        #expect(try curve.render().contains("warning: " + Self.outsideLine))
        let map = try #require(try SnapLab.parseAsRoot(["plot", "decision-map", path, "--policy", "nearest",
                                                         "--out", dir.appendingPathComponent("m.svg").path])
                               as? SnapLab.Plot.DecisionMapPlot)
        #expect(try map.render().contains("warning: " + Self.outsideLine))
    }

    @Test("fit and plot hit-rate on unlabelled traces: the warnings, then the error (exit 65)")
    func unlabelledStopsButStillWarns() throws {
        guard ExitCodeTests.binary != nil else { return }
        let path = try CommandFixtures.write(flingFixture(labelled: false)
            .replacingOccurrences(of: "u1-3,user1,220", with: "u1-3,user1,2000"))
        let fit = try ExitCodeTests.run(["fit", path, "--policy", "android-pagersnap"])
        #expect(fit.status == 65)
        #expect(fit.stderr.contains("warning: 1 of 240 release offsets") && fit.stderr.contains("hit rates need intended_index"))
        let svg = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("c.svg").path
        let plot = try ExitCodeTests.run(["plot", "hit-rate", path, "--out", svg])
        #expect(plot.status == 65 && plot.stderr.contains("warning: 1 of 240 release offsets"))
    }

    @Test func compareWithBehaviourLabelsWarnsOnce() throws {
        let path = try Self.outsideFixture()
        let out = try #require(try SnapLab.parseAsRoot(["compare", path, "--policies", "nearest", "--bootstrap", "50",
                                                         "--labels", "behaviour"]) as? SnapLab.Compare).output()
        #expect(out.standardError.components(separatedBy: Self.outsideLine).count == 2, "\(out.standardError)")
    }

    @Test func generateLike() throws {
        guard ExitCodeTests.binary != nil else { return }
        let path = try Self.stillFixture()
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("like.csv").path
        let run = try ExitCodeTests.run(["generate", "--like", path, "--traces", "20", "--seed", "1", "--out", out])
        #expect(run.stderr.contains("warning: " + Self.zeroLine), "\(run.status): \(run.stderr)")
    }
}
