import Foundation
import Testing
@testable import SnapSwipeModel

@Suite struct TraceSelectionTests {
    /// Builds a trace's features from its rows (touch-down first, lift-off last).
    func features(_ offsets: [Double]) -> TraceFeatures {
        let times = offsets.indices.map { Double($0) * 16 }
        return times.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { x in
                TraceFeatures(time: t, offset: x, startOffset: offsets[0], pitch: 160, velocity: 0, user: 0,
                              session: nil, intendedIndex: nil, startIndex: 0)
            }
        }
    }

    /// A recording with no stroke under 3 rows or 20 pt of travel leaves out the generated strokes
    /// that lift before a move (2 rows) or travel less than its shortest stroke.
    @Test func theRecordingsSelectionIsReadOffAndApplied() throws {
        let recording = [features([0, 10, 30, 30]), features([0, 20, 20]), features([0, 40, 80, 120, 120])]
        let selection = try #require(TraceSelection.of(recording))
        #expect(selection.minimumRows == 3 && selection.minimumTravel == 20)
        #expect(recording.allSatisfy(selection.keeps))
        #expect(!selection.keeps(features([0, 50])))          // no move before the lift-off
        #expect(!selection.keeps(features([0, 5, 12, 12])))   // shorter than the shortest recorded
        #expect(selection.note.contains("3 rows") && selection.note.contains("20.0 pt"))
    }

    /// A recording that keeps every stroke (one without a move, one at rest) selects nothing.
    @Test func aRecordingThatKeepsEverythingSelectsNothing() {
        #expect(TraceSelection.of([features([0, 40]), features([0, 1, 1])]) == nil)
        #expect(TraceSelection.of([]) == nil)
        // rows kept from 3 on, but a stroke at rest: a row cut only
        let rowsOnly = TraceSelection.of([features([0, 0.5, 0.5]), features([0, 30, 60, 60])])
        #expect(rowsOnly == TraceSelection(minimumRows: 3, minimumTravel: 0))
    }
}
