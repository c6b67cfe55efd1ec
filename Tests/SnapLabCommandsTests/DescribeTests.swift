import ArgumentParser
import Foundation
@testable import SnapLabCommands
import Testing

@Suite struct DescribeTests {
    @Test func jsonReportsCountsUnderTheirNames() throws {
        let command = try SnapLab.Describe.parse([CommandFixtures.path("odd320.csv"), "--format", "json"])
        let out = try command.output()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.standardOutput)) as? [String: Any])
        #expect(object["traces_read"] as? Int == 320)
        #expect(object["traces_cancelled"] as? Int == 20)
        #expect(object["traces_skipped"] as? Int == 0)
        #expect(object["traces_described"] as? Int == 300)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.first?["kind"] as? String == "sample-level")
        let flags = try #require(object["sampling_flags"] as? [String: Any])
        #expect((flags["sparse_traces"] as? Int ?? 0) > 0)
        #expect((flags["long_gap_traces"] as? Int ?? 0) > 0)
        #expect(object["warnings"] is [Any])
        let deltas = try #require(object["page_deltas"] as? [String: Any])
        #expect(deltas.keys.contains("1"))
    }

    @Test func tableNamesKindTracesAndQuantiles() throws {
        let command = try SnapLab.Describe.parse([CommandFixtures.path("gen50_seed3.csv")])
        let out = try command.output()
        #expect(out.text.contains("gen50_seed3.csv: sample-level, 50 traces, 909 rows"))
        #expect(out.text.contains("users 44; labelled 50 (100.0%)"))
        #expect(out.text.contains("sampling interval (ms)"))
        #expect(out.text.contains("intended − start"))
        #expect(out.standardError.contains("traces read: 50"))
    }

    @Test func layoutFileIsUsedAndBadOnesExitWith65() throws {
        let traces = try CommandFixtures.write("trace_id,t_ms,offset,intended_index\n1,0,1000,3\n1,8,1010,3\n")
        let layout = try CommandFixtures.write(#"{"item_width": 300, "item_spacing": 0, "leading_inset": 0, "viewport_width": 300, "item_count": 10}"#, name: "layout.json")
        let out = try SnapLab.Describe.parse([traces, "--layout", layout, "--format", "json"]).output()
        // start offset 1000 with 300-pt pages: start item 3, intended 3: delta 0
        #expect(out.text.contains(#""0": 1"#))
        let bad = try CommandFixtures.write("{\"item_width\": true}", name: "layout.json")
        do {
            try SnapLab.Describe.parse([traces, "--layout", bad]).run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 65)
        }
    }
}
