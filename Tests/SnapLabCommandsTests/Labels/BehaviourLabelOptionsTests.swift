import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

/// `compare --labels behaviour` (Sources/SnapLabCommands/Options/LabelSource.swift).
@Suite("compare --labels behaviour")
struct BehaviourLabelOptionsTests {
    /// One session: 3 → 4, a 3.1 s dwell, 4 → 5 and a tap on 5, then 5 → 6 (the session's end).
    /// The file's own intended_index (9) is replaced.
    static let telemetry = """
        trace_id,t_ms,offset,phase,session_id,settled_index,tap_index,intended_index
        1,0,510,began,S,4,,9
        1,50,560,moved,,,,
        1,100,600,ended,,,,
        2,3200,680,began,S,5,5,9
        2,3250,730,moved,,,,
        2,3300,770,ended,,,,
        3,3500,850,began,S,6,,9
        3,3550,900,moved,,,,
        3,3600,940,ended,,,,

        """

    @Test("labels come from behaviour: one dwell, one tap, the last stroke unlabelled; the preamble counts them")
    func behaviour() throws {
        let path = try temporaryCSV(Self.telemetry)
        let command = try SnapLab.parseAsRoot(["compare", path, "--labels", "behaviour", "--policies", "nearest", "--bootstrap", "10",
                                               "--item-width", "160", "--spacing", "10", "--leading-inset", "10", "--viewport", "375", "--count", "40"])
        let out = try #require(command as? SnapLab.Compare).output()
        #expect(out.text.contains("behaviour labels: 2 of 3 traces labelled (1 tap, 1 dwell, 0 correction), 1 unlabelled, 1 sessions"))
        #expect(out.text.contains("traces: 3 read, 2 scored, 1 unlabelled"))
        // With the file's labels (all 9) nothing would be a hit for nearest; with behaviour labels both are.
        #expect(out.text.contains("nearest"))
    }

    @Test("--per-trace combines with behaviour labels (issue 31); bad thresholds are usage errors")
    func usage() throws {
        _ = try SnapLab.parseAsRoot(["compare", "x.csv", "--labels", "behaviour", "--per-trace", "p.csv"])
        #expect(throws: (any Error).self) { _ = try SnapLab.parseAsRoot(["compare", "x.csv", "--dwell-ms", "0"]) }
    }
}
