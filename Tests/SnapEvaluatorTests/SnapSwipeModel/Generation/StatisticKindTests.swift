import Foundation
import Testing
@testable import SnapLabSupport
@testable import SnapSwipeModel

@Suite struct StatisticKindTests {
    /// The catalogue is the statistics a summary measures, each id and label once.
    @Test func catalogueIsEveryStatisticOnce() throws {
        let catalogue = StatisticKind.catalogue
        #expect(Set(catalogue.map(\.id)).count == catalogue.count)
        #expect(Set(catalogue.map(\.label)).count == catalogue.count)
        let measured = RecordingSummary(features: [], layout: try benchLayout()).statistics.map(\.kind)
        #expect(Set(measured) == Set(catalogue))
        #expect(measured.count == catalogue.count)
        // ids are stable file keys: lower case, digits and underscores
        #expect(catalogue.allSatisfy { $0.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } })
        // every stand-in is itself in the catalogue
        #expect(catalogue.allSatisfy { $0.fallbackChain.allSatisfy(catalogue.contains) })
    }

    /// Each statistic names its next stand-ins once; the chain follows them through, in the order
    /// the fit used before ids (the duration spread's was written out in full six times then).
    @Test func fallbackChainsFollowTheNextStandIns() {
        #expect(StatisticKind.durationSpread.fallbackChain.map(\.id) == [
            "drag_motion_time_log_sd_within_users", "placed_stroke_time_log_sd_within_users", "stroke_time_log_sd_within_users",
            "stroke_time_log_sd", "motion_time_log_iqr", "duration_log_p90_p50"])
        #expect(StatisticKind.flickTravelSpread.fallbackChain == [.stepperTravelSpread, .travelSpread, .travelLogSD, .travelLogIQR,
                                                                  .travelLogP90P50])
        #expect(StatisticKind.styleGainSpread.fallbackChain == [.styleSpeedSpread, .stepperSpeedSpread, .speedSpread, .userTravelSpread])
        #expect(StatisticKind.releaseSpeedP50.fallbackChain.isEmpty)
    }

    /// A file key is an id, or (for one release) a label.
    @Test func fileKeysAreIdsOrLabels() {
        #expect(StatisticKind.resolve(fileKey: "travel_p50").map { $0.kind == .travelP50 && !$0.isLabel } == true)
        #expect(StatisticKind.resolve(fileKey: "finger travel p50 (pitches)").map { $0.kind == .travelP50 && $0.isLabel } == true)
        #expect(StatisticKind.resolve(fileKey: "finger travel p50") == nil)
        #expect(StatisticKind.resolve(fileKey: "intent:1") == nil)
    }
}

@Suite struct StatisticTargetsFileTests {
    func parse(_ text: String) throws(DataFileError) -> StatisticTargetsFile {
        try StatisticTargetsFile.parse(Array(text.utf8), path: "f.json")
    }

    @Test func readsIdsWithoutWarning() throws {
        let file = try parse(#"{"travel_p50": 1.25, "release_speed_p50": 0.6}"#)
        #expect(file.targets == [.travelP50: 1.25, .releaseSpeedP50: 0.6])
        #expect(file.labelKeys.isEmpty && file.deprecationWarning(path: "f.json") == nil)
    }

    /// Labels still read, each counted with its line and the id to write instead.
    @Test func readsLabelsWithACountedWarning() throws {
        let text = """
            {
              "finger travel p50 (pitches)": 1.25,
              "release_speed_p50": 0.6,
              "share of labels \\u2265 2 items away": 0.73
            }
            """
        let file = try parse(text)
        #expect(file.targets == [.travelP50: 1.25, .releaseSpeedP50: 0.6, .farLabelShare: 0.73])
        #expect(file.labelKeys == [.init(line: 2, label: "finger travel p50 (pitches)", id: "travel_p50"),
                                   .init(line: 4, label: "share of labels ≥ 2 items away", id: "share_labels_2_away")])
        #expect(file.deprecationWarning(path: "f.json")
                == "warning: f.json: 2 keys are statistic labels, read for this release only; write the id instead: "
                + "line 2 'finger travel p50 (pitches)' → 'travel_p50'; line 4 'share of labels ≥ 2 items away' → 'share_labels_2_away'")
    }

    /// Every fault names the file and the key, what was found and what was expected.
    @Test func faultsNameTheKey() {
        let cases: [(String, String, String)] = [
            (#"[1, 2]"#, "", "no JSON object"),
            (#"{"travel_p50": 1, "travel p50": 2}"#, "travel p50", "an unknown statistic on line 1"),
            ("{\"travel_p50\": 1,\n\"travel_p50\": 2}", "travel_p50", "the key twice (lines 1 and 2)"),
            ("{\"travel_p50\": 1,\n\"finger travel p50 (pitches)\": 2}", "finger travel p50 (pitches)",
             "statistic 'travel_p50' again on line 2 (first as 'travel_p50' on line 1)"),
            (#"{"travel_p50": true}"#, "travel_p50", "true or false on line 1"),
            (#"{"travel_p50": null}"#, "travel_p50", "null on line 1"),
            (#"{"travel_p50": "1.2"}"#, "travel_p50", "\"1.2\" on line 1"),
            (#"{"travel_p50": 1e12}"#, "travel_p50", "on line 1"),
        ]
        for (text, key, found) in cases {
            do {
                _ = try parse(text)
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.file == "f.json" && error.key == key, "\(error)")
                #expect(error.found.contains(found), "\(error)")
                #expect(!error.expected.isEmpty)
            }
        }
    }

    /// Keys of nested objects and strings that look like keys are not top-level keys.
    @Test func findsTheTopLevelKeysAndTheirLines() {
        let text = "{\"a\": {\"b\": [1, {\"c\": 2}]},\n \"d\\\"e\": \"x, \\\"y\\\": 1\",\n\n \"f\": [\"g\"]}"
        #expect(StatisticTargetsFile.topLevelKeys(Array(text.utf8)).map { "\($0.key)@\($0.line)" } == ["a@1", "d\"e@2", "f@4"])
    }
}
