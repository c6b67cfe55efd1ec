import ArgumentParser
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SnapLabCommands

@Suite("snaplab plot")
struct PlotTests {
    func wellFormed(_ path: String) throws -> Bool {
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        return parser.parse()
    }

    @Test("decision-map writes a well-formed SVG with one panel per policy, traces optional")
    func decisionMap() throws {
        let dir = try TestScratch.directory("plot")
        let out = dir.appendingPathComponent("map.svg").path
        let bare = try SnapLab.parseAsRoot(["plot", "decision-map", "--policies", "tag99,nearest", "--out", out])
        _ = try #require(bare as? SnapLab.Plot.DecisionMapPlot).render()
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(try wellFormed(out))
        #expect(svg.contains("tag99") && svg.contains("nearest") && svg.contains("release velocity (pt/ms)"))

        let traces = try temporaryCSV(compareFixture)
        let withTraces = try SnapLab.parseAsRoot(["plot", "decision-map", "--policy", "tag99", traces, "--out", out])
        let notes = try #require(withTraces as? SnapLab.Plot.DecisionMapPlot).render()
        #expect(notes.contains("seed: 12345") && notes.contains("wrote \(out)"))
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("3 hits, 1 misses"))
    }

    @Test("hit-rate from fewer than five users says its error bars are not meaningful, on the plot and on standard error")
    func hitRateFewUsers() throws {
        for (users, few) in [(2, true), (6, false)] {
            let traces = try CommandFixtures.write(flingFixture(users: users))
            let out = (traces as NSString).deletingLastPathComponent + "/few-\(users).svg"
            let command = try SnapLab.parseAsRoot(["plot", "hit-rate", traces, "--policies", "android-pagersnap", "--bins", "2", "--out", out])
            let notes = try #require(command as? SnapLab.Plot.HitRatePlot).render()
            let svg = try String(contentsOfFile: out, encoding: .utf8)
            #expect(svg.contains("Only 2") == few, "\(users) users")  // the note's lines wrap anywhere after that
            #expect(notes.contains("only 2 users (fewer than 5)") == few, "\(users) users: \(notes)")
        }
    }

    @Test("hit-rate writes a well-formed SVG; usage errors exit 64")
    func hitRate() throws {
        let traces = try temporaryCSV(compareFixture)
        let out = (traces as NSString).deletingLastPathComponent + "/curve.svg"
        let command = try SnapLab.parseAsRoot(["plot", "hit-rate", traces, "--policies", "tag99,nearest", "--bins", "2", "--out", out])
        _ = try #require(command as? SnapLab.Plot.HitRatePlot).render()
        #expect(try wellFormed(out))
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Hit rate by release speed"))
        for args in [["plot", "decision-map", "--out", out], ["plot", "hit-rate", traces, "--bins", "0", "--out", out]] {
            do {
                _ = try SnapLab.parseAsRoot(args)
                Issue.record("expected a usage error for \(args)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64)
            }
        }
    }
}
