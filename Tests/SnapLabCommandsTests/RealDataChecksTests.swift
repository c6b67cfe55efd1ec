import Foundation
import Testing
@testable import SnapLabCommands

/// Checks that fit real data (issue 31): releases outside the content at any distance, one file
/// mixing layouts, no duration for release-level files, the first-move delay apart from gaps.
@Suite struct RealDataChecksTests {
    static let columns = "trace_id,user_id,t_ms,offset,phase,item_width,item_spacing,leading_inset,viewport_width,item_count\n"

    /// A 4-row stroke with a 90 ms first move, ending at `end`, in a layout of `count` 100-pt items (300-pt viewport).
    static func stroke(_ id: String, end: Double, count: Int = 10) -> String {
        "\(id),u\(id),0,\(end - 40),began,100,0,0,300,\(count)\n\(id),u\(id),90,\(end - 20),moved,,,,,\n"
            + "\(id),u\(id),107,\(end),moved,,,,,\n\(id),u\(id),115,\(end),ended,,,,,\n"
    }

    @Test func releasesOutsideTheContentAtAnyDistanceAndBeyondOneItem() throws {
        // max offset 700: 710 and -5 are outside, 900 more than one item (100) outside
        let text = Self.columns + Self.stroke("a", end: 350) + Self.stroke("b", end: 710) + Self.stroke("c", end: -5) + Self.stroke("d", end: 900)
        let path = try CommandFixtures.write(text, name: "outside.csv")
        let out = try SnapLab.Describe.parse([path]).output()
        #expect(out.text.contains("releases outside the content [0, max offset]: 3 of 4, 1 of them more than one item outside"), "\(out.text)")
        #expect(out.standardError.contains("1 of 4 release offsets lie more than one item outside"))
        let json = try SnapLab.Describe.parse([path, "--format", "json"]).output().text
        #expect(json.contains("\"any_distance\": 3") && json.contains("\"beyond_one_item\": 1"))
        // the first-move delay is no gap: no trace is flagged "gap > 40 ms after the first move"
        #expect(out.text.contains("0 traces with a gap > 40 ms after the first move"))
        #expect(out.text.contains("4 sparse traces (< 3 moves after touch-down)"))
    }

    @Test func aFileMixingLayoutsIsNamedInAWarning() throws {
        let mixed = Self.columns + Self.stroke("a", end: 350, count: 7) + Self.stroke("b", end: 350, count: 6) + Self.stroke("c", end: 350, count: 7)
        let path = try CommandFixtures.write(mixed, name: "mixed.csv")
        let out = try SnapLab.Velocity.parse([path]).output()
        #expect(out.standardError.contains("mixed.csv mixes 2 layouts (2, 1 traces)"), "\(out.standardError)")
        let parallel = try SnapLab.Velocity.parse([path, "--jobs", "2"]).output()
        #expect(parallel.standardError.contains("mixed.csv mixes 2 layouts (2, 1 traces)"), "\(parallel.standardError)")
        let one = Self.columns + Self.stroke("a", end: 350) + Self.stroke("b", end: 350)
        #expect(!(try SnapLab.Velocity.parse([try CommandFixtures.write(one, name: "one.csv")]).output().standardError.contains("mixes")))
    }

    @Test func aReleaseLevelFileHasNoDuration() throws {
        let text = "trace_id,user_id,release_offset,release_velocity,start_offset,item_width,viewport_width,item_count\n"
            + "a,u1,150,1.2,0,100,300,10\nb,u2,250,0.8,100,100,300,10\n"
        let out = try SnapLab.Describe.parse([try CommandFixtures.write(text, name: "release.csv")]).output()
        let duration = try #require(out.text.split(separator: "\n").first { $0.hasPrefix("duration (ms)") })
        #expect(duration.contains(" 0 ") && !duration.contains("0.0"), "\(duration)")
    }
}
